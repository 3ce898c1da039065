// The query lab where a user sees it (test/vscode/suite/lab.bench.ts): in a fresh VS Code against
// the embedded sandbox, a 10-rule file's counts shown, an edited rule's new count shown, nothing
// asked while typing, and a rule's parts table drawn. Floors are VS Code's own: the same text
// with ten hints given at once by a provider that computes nothing, to them shown (and as plain
// text, to its lines shown), and a typed character to its showing.
import { benchLines, median, runInEditor } from './editorRun';
import { LAB_SETTLE_MS } from '../../src/features/lab/labTiming';
import { ms, verdict, type Row, type Suite } from './suite';

const FILE =
  /BENCH lab file=(\d) open ms=(\d+) plain ms=(\d+) hints ms=(\d+) edit ms=(-?\d+) typed ms=(\d+) typingCalls=(\d+) widestGap=(\d+)/;
const PARTS = /BENCH lab parts ms=(\d+) calls=(\d+)/;

export const labEditor: Suite = {
  name: 'labEditor',
  description:
    'the query lab in a fresh VS Code per run (about 40 s each): a 10-rule file opened to its counts shown (goal 500 ms), an edit to its new count (300 ms after the text settles), requests while typing (0), a parts table drawn',
  run({ quick }) {
    const files: number[][] = [];
    const parts: number[][] = [];
    let failure = '';
    let failures = 0;
    const runs = quick ? 1 : 3;
    for (let run = 0; run < runs; run++) {
      // A workspace of rules, as a user's is: the language server starts once the window is idle.
      const result = runInEditor('labBench', { 'brand.mmq': '### brand\nacme OR "acme corp"\n' });
      if (result.failure) {
        failure = result.failure;
        failures += 1;
      }
      files.push(...benchLines(result.stdout, FILE));
      parts.push(...benchLines(result.stdout, PARTS));
    }
    if (files.length === 0)
      return [{ name: 'the query lab in VS Code', result: `not measured: ${failure}` }];
    const column = (rows: number[][], index: number) => rows.map((row) => row[index] ?? NaN);
    const row = (
      name: string,
      values: number[],
      floor: number[],
      floorName: string,
      goal: number,
    ): Row => ({
      name,
      result: `${ms(median(values))} (n=${values.length})`,
      floor: `${ms(median(floor))} (${floorName})`,
      ratio: `${(median(values) / median(floor)).toFixed(1)}×`,
      target: `≤ ${goal} ms`,
      verdict: verdict(median(values), goal),
    });
    // Columns: order (1: the window's first .mmq file), open, plain, hints, edit, typed, typing
    // calls, the widest gap between two keys.
    const first = files.filter((file) => file[0] === 1);
    const later = files.filter((file) => file[0] !== 1);
    const plain = (rows: number[][]) => `plain text ${ms(median(column(rows, 2)))}`;
    // A sample whose keys came further apart than the settle time was not typing: the text was
    // still, and a count was due. It is left out of the count, and said.
    const typing = files.filter((file) => (file[7] ?? Infinity) < LAB_SETTLE_MS);
    const typingCalls = column(typing, 6).reduce((total, calls) => total + calls, 0);
    const widestGap = Math.max(...column(typing, 7));
    const notTyping = files.length - typing.length;
    const rows: Row[] = [
      row(
        "the window's first .mmq file (10 rules) opened in a workspace of rules, to its ten counts shown: the lab's bundle loads, the sandbox's first histograms",
        column(first, 1),
        column(first, 3),
        `VS Code's own: the same text with ten hints given at once, to them shown; ${plain(first)}`,
        500,
      ),
      row(
        'a later 10-rule file opened, to its ten counts shown (20,000 documents)',
        column(later, 1),
        column(later, 3),
        `VS Code's own: the same text with ten hints given at once, to them shown; ${plain(later)}`,
        500,
      ),
      row(
        'a rule edited, from the text settling (500 ms after the last key) to its new count shown',
        column(files, 4),
        column(files, 5),
        'a typed character, to its showing',
        300,
      ),
      {
        name: `count requests sent while typing (${typing.length} rules typed into, 11 keys each, at most ${widestGap} ms apart; the lab settles after ${LAB_SETTLE_MS} ms${notTyping > 0 ? `; ${notTyping} left out, their keys as far apart as that` : ''})`,
        result: typing.length > 0 ? String(typingCalls) : 'not measured',
        target: '0',
        verdict: typing.length > 0 && typingCalls === 0 ? 'PASS' : 'MISS',
      },
    ];
    if (parts.length > 0)
      rows.push({
        name: `Explain Rule on a 14-operand rule, to its parts table drawn (${median(column(parts, 1))} histogram calls: a project's limit is 30 a minute)`,
        result: `${ms(median(column(parts, 0)))} (n=${parts.length})`,
        target: '≤ 2000 ms',
        verdict: verdict(median(column(parts, 0)), 2000),
      });
    // A run that failed is said, not left out of the medians silently.
    if (failures > 0)
      rows.push({ name: `runs that failed (of ${runs})`, result: `${failures}: ${failure}` });
    return rows;
  },
};
