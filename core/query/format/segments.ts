// A file cut into segments that format independently: the preamble (comments and annotations
// before the first header, or a whole file without rules) and one segment per rule, from the
// start of its header line to the start of the next. A segment owns the blank lines after it,
// so range formatting touches only the segments it concerns.
import type { MmqFile, Rule, Span } from '../ast';
import { lineStartOf } from './lineText';

export interface Segment {
  readonly span: Span;
  /** Null for the preamble. */
  readonly rule: Rule | null;
  /** The last segment ends the file with one line break; the others with the rule separator. */
  readonly last: boolean;
}

export function segmentsOf(file: MmqFile): Segment[] {
  const { text, rules } = file;
  const starts = rules.map((rule) =>
    rule.headerSpan ? lineStartOf(text, rule.headerSpan.start) : 0,
  );
  const segments: Segment[] = [];
  const firstStart = rules.length === 0 ? text.length : (starts[0] ?? 0);
  if (firstStart > 0)
    segments.push({ span: { start: 0, end: firstStart }, rule: null, last: false });
  rules.forEach((rule, index) => {
    const start = starts[index] ?? 0;
    const end = starts[index + 1] ?? text.length;
    segments.push({ span: { start, end }, rule, last: false });
  });
  const last = segments.pop();
  if (last) segments.push({ ...last, last: true });
  return segments;
}
