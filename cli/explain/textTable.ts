// The parts table of `mmq explain --format text`: a line for the rule (its count over the
// window), a line per part (count, only or removed, its text), then the flags as `mmq lint`
// writes diagnostics (FILE:LINE:COL: information CODE MESSAGE), so that a CI log links them.
import type { PartRecord, RuleRecord } from './ruleReport';

/** Beyond this, a part's text is cut with an ellipsis: the JSON output has it whole. */
const TEXT_WIDTH = 80;

const number = (value: number) => value.toLocaleString('en');

function shortened(text: string): string {
  return text.length <= TEXT_WIDTH ? text : `${text.slice(0, TEXT_WIDTH - 1)}…`;
}

function cells(part: PartRecord): [string, string] {
  if (part.kind === 'operand') return [number(part.count ?? 0), `${number(part.only ?? 0)} only`];
  if (part.kind === 'exclusion') return ['', `−${number(part.removed ?? 0)}`];
  return ['', 'required'];
}

export function textTable(record: RuleRecord): string {
  const where = `${record.file}:${record.range.start.line + 1}`;
  const lines = [`${record.rule} (${where}): ${number(record.total)} in ${record.window.days} d`];
  const rows = record.parts.map((part) => [part.kind, ...cells(part)] as const);
  const width = (column: 0 | 1 | 2) => Math.max(...rows.map((row) => row[column].length));
  record.parts.forEach((part, index) => {
    const [kind, count, detail] = rows[index] as readonly [string, string, string];
    const flags = part.flags.length > 0 ? `  [${part.flags.join(', ')}]` : '';
    lines.push(
      `  ${kind.padEnd(width(0))}  ${count.padStart(width(1))}  ${detail.padStart(width(2))}  ${shortened(part.text)}${flags}`,
    );
  });
  for (const flag of record.flags)
    lines.push(
      `${record.file}:${flag.range.start.line + 1}:${flag.range.start.character + 1}: information ${flag.code} ${flag.message}`,
    );
  return lines.join('\n') + '\n';
}
