// Where each comment of a rule body belongs, so the formatter can move the query around it:
// - an end-of-line comment (query text before it on its line) belongs after the unit it follows,
//   and stays at the end of that unit's line;
// - a whole-line comment belongs before the unit that follows it, on a line of its own;
// - whole-line comments after the last unit form the rule's trailing block.
// Blank lines are kept (as one) only where they set a comment apart: before a whole-line comment,
// and between the comments above a query and its first line.
import type { Comment } from '../ast';
import { lineStartOf, startsLine } from './lineText';
import type { Unit } from './units';

export interface CommentLine {
  /** From `//` to the end of the line, trailing blanks removed. */
  readonly text: string;
  /** Whether a blank line precedes it in the source. */
  readonly blankBefore: boolean;
}

export interface Attachments {
  /** Whole-line comments by the start of the unit they precede (mutable: the layout hoists some). */
  readonly leading: Map<number, CommentLine[]>;
  /** End-of-line comments by the start of the unit they follow. */
  readonly trailing: Map<number, string>;
  /** Whole-line comments after the last unit. */
  readonly after: readonly CommentLine[];
  /** Whether a blank line separates the comments above the first unit from it. */
  readonly blankBeforeFirst: boolean;
}

/** Whether the line before the one starting at `lineStart` holds only white space. */
function previousLineBlank(text: string, lineStart: number): boolean {
  if (lineStart === 0) return false;
  const breakLength = text.startsWith('\r\n', lineStart - 2) ? 2 : 1;
  const end = lineStart - breakLength;
  return text.slice(lineStartOf(text, end), end).trim() === '';
}

/** `comments` and `units` are those of one rule body, each in document order. */
export function attachComments(
  text: string,
  comments: readonly Comment[],
  units: readonly Unit[],
): Attachments {
  const leading = new Map<number, CommentLine[]>();
  const trailing = new Map<number, string>();
  const after: CommentLine[] = [];
  let next = 0;
  for (const { span } of comments) {
    while (next < units.length && (units[next] as Unit).start < span.start) next++;
    const body = text.slice(span.start, span.end).trimEnd();
    const previous = units[next - 1];
    if (previous && !startsLine(text, span.start)) {
      trailing.set(previous.start, body);
      continue;
    }
    const line = {
      text: body,
      blankBefore: previousLineBlank(text, lineStartOf(text, span.start)),
    };
    const following = units[next];
    if (!following) {
      after.push(line);
      continue;
    }
    const list = leading.get(following.start) ?? [];
    list.push(line);
    leading.set(following.start, list);
  }
  const first = units[0];
  const blankBeforeFirst =
    first !== undefined &&
    leading.has(first.start) &&
    previousLineBlank(text, lineStartOf(text, first.start));
  return { leading, trailing, after, blankBeforeFirst };
}
