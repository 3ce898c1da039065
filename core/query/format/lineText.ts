// Line helpers over document text. A line break is `\r\n`, `\r` or `\n`, as in lines.ts.

export const LINE_BREAK = /\r\n|\r|\n/;

/** The offset where the line holding `offset` starts. */
export function lineStartOf(text: string, offset: number): number {
  for (let index = offset - 1; index >= 0; index--) {
    const char = text[index];
    if (char === '\n' || char === '\r') return index + 1;
  }
  return 0;
}

/** The file's line break, taken from its first line (a CRLF file stays CRLF); `\n` if none. */
export function lineBreakOf(text: string): string {
  return LINE_BREAK.exec(text)?.[0] ?? '\n';
}

export function splitLines(text: string): string[] {
  return text.split(LINE_BREAK);
}

/** Whether only white space precedes `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return text.slice(lineStartOf(text, offset), offset).trim() === '';
}
