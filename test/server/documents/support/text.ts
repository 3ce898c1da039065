// Texts chosen to break a document kept in pieces, and the check that one reads as
// vscode-languageserver-textdocument's TextDocument reads the same text (what the server used
// before, and what clients expect of an LSP server).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentText } from '../../../../server/documents/documentText';

/** Line breaks of every kind and in every order, astral characters and lone surrogates. */
const part = fc.constantFrom(
  '',
  'a',
  'bc',
  ' ',
  '\n',
  '\r',
  '\r\n',
  '\n\r',
  '\r\r\n',
  '😀',
  '\uD83D',
  '\uDE00',
  'é',
  '### r\n',
  'acme OR rocket',
);

export const hostileText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.array(part, { maxLength }).map((parts) => parts.join(''));

/** Pieces of one character and up: every case of cutting is met in a short text. */
export const chunkSize = fc.constantFrom(1, 2, 3, 4, 7, 16, 64);

export const referenceOf = (text: string): TextDocument =>
  TextDocument.create('file:///x.mmq', 'mmq', 1, text);

/**
 * Everything a reader of `text` can ask (positions of every offset, offsets of positions before,
 * in and past every line, characters, stretches), answered as TextDocument and the string
 * answer it of `expected`.
 */
export function assertReadsAs(text: DocumentText, expected: string): void {
  const reference = referenceOf(expected);
  assert.equal(text.toString(), expected);
  assert.equal(text.length, expected.length);
  assert.equal(text.lineCount, reference.lineCount);
  for (let offset = -1; offset <= expected.length + 1; offset++)
    assert.deepEqual(
      text.positionAt(offset),
      reference.positionAt(offset),
      `positionAt(${offset})`,
    );
  for (let line = -1; line <= reference.lineCount; line++)
    for (let character = -1; character <= 6; character++) {
      const at = { line, character };
      assert.equal(text.offsetAt(at), reference.offsetAt(at), `offsetAt(${line}:${character})`);
    }
  for (let offset = -1; offset <= expected.length; offset++)
    assert.deepEqual(text.charCodeAt(offset), expected.charCodeAt(offset), `charCodeAt(${offset})`);
  for (let start = 0; start <= expected.length; start += 3)
    for (let end = start; end <= expected.length + 1; end += 2)
      assert.equal(text.slice(start, end), expected.slice(start, end), `slice(${start}, ${end})`);
}
