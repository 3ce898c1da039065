// The pieces a document's text is kept in (documentText.ts): strings of a few thousand
// characters, each with the offsets in it where its lines end. A piece never ends between the
// `\r` and the `\n` of a line break, so every line break lies within one piece, and a `\r` that
// ends a piece is a line break of its own (the next piece does not start with `\n`).

/** A piece of text and where, within it, each line break ends. Never changed once made. */
export class Chunk {
  /** The offset just after each line break (`\n`, `\r\n`, or a `\r` alone), in order. */
  readonly breaks: Int32Array;

  constructor(readonly text: string) {
    this.breaks = lineBreakEnds(text);
  }
}

function lineBreakEnds(text: string): Int32Array {
  const ends: number[] = [];
  // From one line break to the next rather than character by character: a text has dozens of
  // characters per line.
  const lineBreak = /\r\n?|\n/g;
  for (let found = lineBreak.exec(text); found; found = lineBreak.exec(text))
    ends.push(found.index + found[0].length);
  return Int32Array.from(ends);
}

/** Whether `text` has a `\r` at `at - 1` and a `\n` at `at`: a cut there would split a break. */
function splitsLineBreak(text: string, at: number): boolean {
  return text.charCodeAt(at - 1) === 13 /* \r */ && text.charCodeAt(at) === 10; /* \n */
}

/**
 * `text` in pieces of about `size` characters (between half of it and all of it), none ending
 * inside a `\r\n`. Pieces are slices of `text`: cutting copies nothing.
 */
export function chunksOf(text: string, size: number): Chunk[] {
  if (text.length === 0) return [];
  const count = Math.ceil(text.length / size);
  const chunks: Chunk[] = [];
  let from = 0;
  for (let index = 1; index <= count; index++) {
    let to = Math.round((index * text.length) / count);
    if (to < text.length && splitsLineBreak(text, to)) to++;
    // The cut before moved past this one (a `\r\n` at it, with pieces of a character or two).
    if (to <= from) continue;
    chunks.push(new Chunk(text.slice(from, to)));
    from = to;
  }
  return chunks;
}
