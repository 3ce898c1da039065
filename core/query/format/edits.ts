// The smallest single edit turning one text into another: their common prefix and suffix are left
// alone. Edit boundaries never fall inside a `\r\n` pair or a surrogate pair, which editors
// cannot place a position in.
import type { TextEdit } from '../diagnostic';

function isHighSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff;
}

/** Whether a boundary at `index` would split a `\r\n` or a surrogate pair of `text`. */
function splitsPair(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  return (text[index - 1] === '\r' && text[index] === '\n') || isHighSurrogate(text, index - 1);
}

/** The edit replacing `before` (found at `offset` in the document) by `after`, or null. */
export function minimalEdit(before: string, after: string, offset: number): TextEdit | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < shorter && before[prefix] === after[prefix]) prefix++;
  while (prefix > 0 && (splitsPair(before, prefix) || splitsPair(after, prefix))) prefix--;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  while (
    suffix > 0 &&
    (splitsPair(before, before.length - suffix) || splitsPair(after, after.length - suffix))
  ) {
    suffix--;
  }
  return {
    span: { start: offset + prefix, end: offset + before.length - suffix },
    newText: after.slice(prefix, after.length - suffix),
  };
}
