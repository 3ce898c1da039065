// Text helpers for the language server tests: cursors marked in the text, edits applied as an
// editor applies them, semantic tokens decoded, diagnostics' messages read.
import type {
  Diagnostic,
  Position,
  Range,
  SemanticTokens,
  TextEdit,
} from 'vscode-languageserver-protocol';

/** `w1 OR w2 OR … OR wN`: a query of exactly `count` operands. */
export function orOf(count: number, word = 'w'): string {
  return Array.from({ length: count }, (_, index) => `${word}${index + 1}`).join(' OR ');
}

/** The text with its `|` removed, and the position the `|` marked. */
export function withCursor(marked: string): { text: string; position: Position } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error(`no | in ${JSON.stringify(marked)}`);
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { text, position: positionAt(text, offset) };
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

export function offsetAt(text: string, position: Position): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let line = 0; line < position.line; line++) offset += lines[line]!.length + 1;
  return offset + position.character;
}

/** The range of the `occurrence`-th (0-based) `needle` in `text`. */
export function rangeOf(text: string, needle: string, occurrence = 0): Range {
  let offset = -1;
  for (let index = 0; index <= occurrence; index++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} not in text`);
  return { start: positionAt(text, offset), end: positionAt(text, offset + needle.length) };
}

/** Applies non-overlapping LSP text edits to a text, as an editor would. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort(
    (a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start),
  );
  let result = text;
  for (const edit of sorted)
    result =
      result.slice(0, offsetAt(text, edit.range.start)) +
      edit.newText +
      result.slice(offsetAt(text, edit.range.end));
  return result;
}

/** Each token as `line:character type[+modifier] covered-text`, in the order sent. */
export function decodeTokens(
  tokens: SemanticTokens,
  legend: { tokenTypes: string[]; tokenModifiers: string[] },
  text: string,
): string[] {
  const lines = text.split('\n');
  const decoded: string[] = [];
  let line = 0;
  let character = 0;
  for (let index = 0; index < tokens.data.length; index += 5) {
    const [deltaLine, deltaStart, length, type, modifiers] = tokens.data.slice(index, index + 5);
    line += deltaLine!;
    character = deltaLine === 0 ? character + deltaStart! : deltaStart!;
    const names = legend.tokenModifiers.filter((_, bit) => (modifiers! >> bit) & 1);
    const covered = lines[line]!.slice(character, character + length!);
    decoded.push(
      `${line}:${character} ${[legend.tokenTypes[type!], ...names].join('+')} ${covered}`,
    );
  }
  return decoded;
}

/** Protocol 3.18 allows Markdown messages; this server sends plain strings. */
export function messageOf(diagnostic: Diagnostic): string {
  return typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
}
