// Where a value is inside a document's JSON text, by its path (`custom.score`, `label.0.id`):
// offsets of its first character and just past its last. Asked only for a document with a
// problem, of text that JSON.parse has already read (so well formed, and no deeper than the
// readers' limit): a scan that skips what it does not need, no tree built. As JSON.parse does,
// the last of keys given twice is the one that counts.
import { spanIn, type TextStart, type ValueLocator } from './spans';

interface Range {
  readonly from: number;
  readonly to: number;
}

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Just past the string that starts at `at` (its opening quote). */
function stringEnd(text: string, at: number): number {
  for (let index = at + 1; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x5c) index++;
    else if (char === 0x22) return index + 1;
  }
  return text.length;
}

/** Just past the value that starts at `at`. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    let index = at;
    while (index < text.length && !/[\s,\]}]/.test(text[index] ?? '')) index++;
    return index;
  }
  let depth = 0;
  for (let index = at; index < text.length; index++) {
    const char = text[index];
    if (char === '"') index = stringEnd(text, index) - 1;
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && --depth === 0) return index + 1;
  }
  return text.length;
}

/** Where each member's value (or each element) of the object or array at `at` starts. */
function* children(text: string, at: number): Generator<{ key: string; start: number }> {
  const array = text[at] === '[';
  let index = skipSpace(text, at + 1);
  for (let position = 0; index < text.length; position++) {
    if (text[index] === (array ? ']' : '}')) return;
    let key = String(position);
    if (!array) {
      const end = stringEnd(text, index);
      key = JSON.parse(text.slice(index, end)) as string;
      // Past the key and its colon.
      index = skipSpace(text, skipSpace(text, end) + 1);
    }
    yield { key, start: index };
    const next = skipSpace(text, valueEnd(text, index));
    // Well-formed text always moves on; anything else ends the scan rather than loop.
    if (next <= index) return;
    index = next;
    if (text[index] === ',') index = skipSpace(text, index + 1);
  }
}

/** The offsets of the value at `path` in the JSON `text`, if it is there. */
export function jsonValueRange(text: string, path: readonly string[]): Range | undefined {
  let at = skipSpace(text, 0);
  for (const name of path) {
    if (text[at] !== '{' && text[at] !== '[') return undefined;
    let found: number | undefined;
    for (const child of children(text, at)) if (child.key === name) found = child.start;
    if (found === undefined) return undefined;
    at = found;
  }
  return at < text.length ? { from: at, to: valueEnd(text, at) } : undefined;
}

/** Where the values of a document read from `text` (starting at `start` in the file) are. */
export function jsonLocator(text: string, start: TextStart): ValueLocator {
  return (field) => {
    const range = jsonValueRange(text, field === '' ? [] : field.split('.'));
    return range && spanIn(text, start, range.from, range.to);
  };
}
