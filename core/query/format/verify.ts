// The formatter's last guard: the formatted text of a segment, parsed again, must hold the same
// rules with the same tokens and the same comments as the segment did. The layout is built to
// ensure this; the check catches what a layout cannot see, such as a term `###x` or `//x` that a
// line break would turn into a header or a comment. A segment failing it is kept as written.
import type { Comment, MmqFile, Rule } from '../ast';
import { commentsIn } from '../commentsIn';
import { segmentsOf } from '../fileAnalysis';
import type { Segment } from './segments';
import { joinLines } from './units';

function summary(text: string, rules: readonly Rule[], comments: readonly Comment[]): string[] {
  return [
    ...rules.map((rule) =>
      JSON.stringify([
        rule.id,
        rule.parsed.issues.length,
        rule.parsed.tokens.map((token) => joinLines(token.image)),
      ]),
    ),
    '--',
    ...comments.map(({ span }) => text.slice(span.start, span.end).trimEnd()),
  ];
}

/** Whether `formatted` holds what `segment` of `file` holds. */
export function sameContent(
  file: MmqFile,
  segment: Segment,
  formatted: string,
  fileName: string,
): boolean {
  const { start, end } = segment.span;
  const before = summary(
    file.text,
    segment.rule ? [segment.rule] : [],
    commentsIn(file.comments, start, end),
  );
  // The segments alone, as parseFile finds them: the file they would make (its rule list, the
  // duplicate ids) is not needed to compare rules and comments.
  const segments = segmentsOf(formatted, fileName);
  const after = summary(
    formatted,
    segments.flatMap((each) => (each.rule ? [each.rule] : [])),
    segments.flatMap((each) => each.comments),
  );
  return before.length === after.length && before.every((entry, index) => entry === after[index]);
}
