// The query lab measured where a user sees it: in a real VS Code against the embedded sandbox
// (20,000 documents), the moment the workbench shows a count, watched in the browser
// (support/screenshot.ts watchWorkbench). Run by `npm run bench -- --only labEditor`
// (VSCODE_SUITE=labBench), in a fresh VS Code each time; it asserts nothing, it reports lines
// `BENCH lab …` that test/bench/labEditor.ts reads.
//
// - A 10-rule file opened (a file on disk, over global data) to its ten counts shown; beside it,
//   two floors: VS Code opening the same text as plain text, to its last line shown, and with a
//   provider that answers at once with ten hints, to the ten shown (VS Code's own part).
// - One rule typed into, a key every 60 ms: the count calls made while typing (none should be),
//   then from the last key to the new count shown, less the lab's settle time (LAB_SETTLE_MS);
//   beside it, the floor: one typed character, to its showing.
// - Explain Rule on a rule of 14 operands over a project, to its parts table drawn: 29 histogram
//   calls, what the sandbox's limit for a project's histograms (30 a minute) allows at once.
//   A 50-operand rule needs 101 calls, which the service's limits spread over two minutes; its
//   counting path, with the limits lifted, is the `lab` suite's.
//
// The sandbox's histogram limits (core/api/limits.ts) also bound the samples per VS Code: the
// lab's own counts wait until half of the minute's calls are spare, so two files of ten rules
// each (22 of the 60 global calls) and one explanation (29 of the 30 project calls).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { LAB_SETTLE_MS } from '../../../src/features/lab/labTiming';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import { eventually } from '../../support/eventually';
import { settled } from './support/quiet';
import { closeAllEditors } from './support/documents';
import { inlayHintsOf, labelOf } from './support/hints';
import { extensionApi } from './support/extension';
import { watchWorkbench } from './support/screenshot';

const PROJECT = '7c1e-demo';
/** A count hint as the editor shows it. */
const COUNT = /^[\d,]+ in 7 d$/;
/** A line of an editor, as shown. */
const LINE = '.monaco-editor .view-line';
/** The pieces of a line: its tokens, and each hint. */
const LINE_PARTS = `${LINE} > span > span`;
const WORDS = ['acme', 'globex', 'initech', 'hooli', 'anvil', 'rocket', 'recall', 'drone'];
/** A typist's pace: keys 60 ms apart, well inside the settle time. */
const KEY_MS = 60;

/** Ten rules of words no earlier sample asked (the sandbox and the lab keep recent counts). */
function tenRules(tag: string): string {
  return Array.from({ length: 10 }, (_, index) => {
    const words = [WORDS[index % WORDS.length], WORDS[(index + 3) % WORDS.length]];
    return `### r${index}\n(${words.join(' OR ')} OR ${tag}x${index}) AND NOT ${tag}spam\n`;
  }).join('');
}

/** The count hints of a document's header lines, once all `rules` show a count. */
async function countLabels(document: vscode.TextDocument, rules: number): Promise<string[]> {
  return eventually(
    async () => {
      const labels = (await inlayHintsOf(document))
        .map(labelOf)
        .filter((label) => COUNT.test(label));
      return labels.length === rules && labels;
    },
    { timeoutMs: 120_000, intervalMs: 50, what: `${rules} counts` },
  );
}

/** Opens a file of the workspace (written now) and resolves with its editor. */
async function openFile(name: string, text: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) throw new Error('the benchmark needs a workspace folder');
  const path = join(folder, name);
  writeFileSync(path, text);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(path));
}

/**
 * VS Code's own part of showing ten hints: the same text opened as plain text beside a provider
 * that answers at once with a count-like hint at the end of each rule's header line, to the
 * ten shown. What is left above it is the lab's.
 */
async function hintFloor(tag: string, text: string): Promise<number> {
  const provider = vscode.languages.registerInlayHintsProvider(
    { language: 'plaintext', pattern: `**/${tag}.hints.txt` },
    {
      provideInlayHints: (document) =>
        Array.from({ length: document.lineCount }, (_, line) => document.lineAt(line))
          .filter(({ text: line }) => line.startsWith('### '))
          .map(({ range }) => new vscode.InlayHint(range.end, '1 in 7 d')),
    },
  );
  try {
    const shown = await watchWorkbench({ selector: LINE_PARTS, pattern: COUNT, count: 10 });
    const opened = Date.now();
    await openFile(`${tag}.hints.txt`, text);
    return (await shown()) - opened;
  } finally {
    provider.dispose();
    await closeAllEditors();
  }
}

/** Opening a 10-rule file to its counts shown, then typing into one rule to its new count. */
async function fileSample(api: MediaMonitoringApi, tag: string, order: number): Promise<void> {
  const text = tenRules(tag);
  // The floor first: the same text as plain text, to its last line shown.
  const plainShown = await watchWorkbench({
    selector: LINE,
    pattern: new RegExp(`AND NOT ${tag}spam$`),
    count: 10,
  });
  const plainOpened = Date.now();
  await openFile(`${tag}.txt`, text);
  const plainMs = (await plainShown()) - plainOpened;
  await closeAllEditors();
  const hintsMs = await hintFloor(tag, text);

  const countsShown = await watchWorkbench({ selector: LINE_PARTS, pattern: COUNT, count: 10 });
  const opened = Date.now();
  const editor = await openFile(`${tag}.mmq`, text);
  const shownAt = await countsShown();
  const openMs = shownAt - opened;
  const before = await countLabels(editor.document, 10);

  // Typing " OR initech" into r0, whose count then grows. The floor: the fifth key ("i") to
  // its showing.
  const typedShown = await watchWorkbench({ selector: LINE, pattern: /OR i\) AND NOT/, count: 1 });
  const calls = api.labCalls();
  const end = new vscode.Position(1, `(${WORDS[0]} OR ${WORDS[3]} OR ${tag}x0`.length);
  const keys: number[] = [];
  for (const [index, character] of [...' OR initech'].entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, KEY_MS));
    keys.push(Date.now());
    await editor.edit((builder) => builder.insert(end.translate(0, index), character));
  }
  const lastKey = keys[keys.length - 1] ?? NaN;
  // A loaded machine can leave a gap between keys as long as the settle time: then the text was
  // still, and a count was due. The widest gap is reported with the calls.
  const widestGap = Math.max(...keys.slice(1).map((key, index) => key - (keys[index] ?? key)));
  const typingCalls = api.labCalls() - calls;
  const newCount = await watchWorkbench({
    selector: LINE_PARTS,
    pattern: COUNT,
    count: 10,
    baseline: before,
  });
  const editMs = (await newCount()) - lastKey - LAB_SETTLE_MS;
  const typedMs = (await typedShown()) - (keys[4] ?? NaN);
  const after = await countLabels(editor.document, 10);
  if (after.join() === before.join()) throw new Error('the edited rule kept its count');
  console.log(
    `BENCH lab file=${order} open ms=${openMs} plain ms=${plainMs} hints ms=${hintsMs} edit ms=${editMs} typed ms=${typedMs} typingCalls=${typingCalls} widestGap=${widestGap}`,
  );
  await closeAllEditors();
}

/** Explain Rule on a 14-operand rule of a project, to its parts table drawn. */
async function partsSample(api: MediaMonitoringApi, tag: string): Promise<void> {
  const operands = Array.from({ length: 13 }, (_, index) => `${tag}p${index}`);
  const editor = await openFile(
    `${tag}-parts.mmq`,
    `// @project ${PROJECT}\n\n### wide\n${[...operands, 'acme'].join(' OR ')}\n`,
  );
  editor.selection = new vscode.Selection(3, 1, 3, 1);
  const calls = api.labCalls();
  const started = Date.now();
  await vscode.commands.executeCommand('mediaMonitoring.lab.explainRule');
  await eventually(
    () => api.labPanelDrawn()?.ruleId === 'wide' && api.labPanelDrawn()?.rows === 14,
    { timeoutMs: 120_000, intervalMs: 5, what: 'the parts table drawn' },
  );
  const partsMs = Date.now() - started;
  console.log(`BENCH lab parts ms=${partsMs} calls=${api.labCalls() - calls}`);
  await closeAllEditors();
}

describe('query lab benchmark', () => {
  it('measures counts shown, an edit counted, and a rule explained', async () => {
    const api = await extensionApi();
    await eventually(
      async () =>
        (await api.sidebar.projects.getChildren()).some((node) => node.kind === 'project'),
      { timeoutMs: 120_000, what: 'the sandbox answering' },
    );
    await settled();
    const run = Date.now().toString(36);
    // The window's first .mmq file starts the language server and loads the lab's bundle.
    await fileSample(api, `b${run}a`, 1);
    await fileSample(api, `b${run}b`, 2);
    await partsSample(api, `b${run}c`);
  });
});
