// The cost of an edit in a large file against the cost of the one rule it touched: the language
// server re-analyses only the rules an edit touches (core/query/fileAnalysis.ts), so typing in a
// 100 KB file should cost about what analysing that rule alone costs (target: at most 3×),
// measured in the same run. Analysing the whole file again, as the server did before, and the
// recognizer floor are shown beside it.
import { analyse, type Analysis } from '../../server/analysisCache';
import { DocumentText } from '../../server/documents/documentText';
import { lspDiagnostics } from '../../server/features/diagnostics';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { generateFile, oneCharacterEdit } from './generate';
import { measure, type Measurement } from './measure';
import { recognize } from './recognizer';
import { ms, perSecond, ratio, timedRow, type Row, type Suite } from './suite';

const URI = 'file:///bench.mmq';
const MAX_RATIO = 3;

/** Where the edited text first differs from the original. */
function editOffset(before: string, after: string): number {
  let offset = 0;
  while (before[offset] === after[offset]) offset++;
  return offset;
}

/** The rule holding `offset`, from its header line to the next header line, as a file of its own. */
function ruleAround(text: string, offset: number): string {
  const start = text.lastIndexOf('\n###', offset) + 1;
  const next = text.indexOf('\n###', offset);
  return text.slice(start, next < 0 ? text.length : next + 1);
}

/** What the server does after an edit: the analysis from the previous version, then publishing. */
function publish(analysis: Analysis): number {
  return lspDiagnostics(analysis, DEFAULT_SETTINGS).length;
}

function comparedRow(name: string, subject: Measurement, reference: Measurement): Row {
  const times = subject.median / reference.median;
  return {
    name,
    result: ms(subject.median),
    p95: ms(subject.p95),
    opsPerSecond: perSecond(subject.opsPerSecond),
    floor: `${ms(reference.median)} (one rule)`,
    ratio: ratio(subject.median, reference.median),
    target: `≤ ${MAX_RATIO}× one rule`,
    verdict: times <= MAX_RATIO ? 'PASS' : 'MISS',
  };
}

export const edit: Suite = {
  name: 'edit',
  description:
    'an edit in a 10 KB and a 100 KB file, incrementally, beside re-analysing its one rule (≤ 3×)',
  run({ budgetMs }) {
    const rows: Row[] = [];
    for (const [label, bytes] of [
      ['10 KB', 10_000],
      ['100 KB', 100_000],
    ] as const) {
      const text = generateFile(bytes);
      const edited = oneCharacterEdit(text);
      const at = editOffset(text, edited);
      const rule = DocumentText.of(ruleAround(edited, at));
      // As the server holds them: the edited version shares every piece the edit did not touch.
      const before = DocumentText.of(text);
      const after = before.replaced(at, at, edited.slice(at, at + 1));
      const previous = analyse(URI, 1, before);
      publish(previous); // the previous version's diagnostics were published before the edit
      let version = 1;
      const oneRule = measure(() => publish(analyse('file:///rule.mmq', ++version, rule)), {
        budgetMs,
      });
      const incremental = measure(() => publish(analyse(URI, 2, after, previous)), { budgetMs });
      const full = measure(() => publish(analyse(URI, ++version, DocumentText.of(edited))), {
        budgetMs,
      });
      const floor = measure(() => recognize(edited), { budgetMs });
      rows.push(
        timedRow(
          `re-analysing the edited rule alone (${rule.length} characters) and publishing`,
          oneRule,
          { floor },
        ),
        comparedRow(
          `an edit in a ${label} file, as the server analyses and publishes it`,
          incremental,
          oneRule,
        ),
        timedRow(`… the same, analysing the whole ${label} file again`, full, { floor }),
      );
    }
    return rows;
  },
};
