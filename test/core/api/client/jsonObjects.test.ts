// The stream splitter (issue 4 "Stream reader"): the same stream cut at every possible byte
// position gives the same objects; formats and separators of gaps.md; clear errors otherwise.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  JsonObjectSplitter,
  StreamFormatError,
  TruncatedStream,
} from '../../../../core/api/client/jsonObjects';
import { JsonObjectParser } from '../../../../core/api/client/jsonValues';

function split(chunks: readonly Uint8Array[]): unknown[] {
  const splitter = new JsonObjectSplitter();
  const texts = chunks.flatMap((chunk) => splitter.push(chunk));
  splitter.end();
  return texts.map((text) => JSON.parse(text) as unknown);
}

const encode = (text: string) => Buffer.from(text, 'utf8');

/** Objects with what makes splitting hard: braces and quotes in strings, escapes, multi-byte text. */
const OBJECTS: unknown[] = [
  { chunk_type: 'CT_CONTROL', chunk_control: { connection_id: 'c-1', resume_offset: '1.0' } },
  { title: 'braces { in } strings [ ]', content: 'a "quoted" word and a \\ backslash' },
  { title: 'ends with a backslash \\', nested: { list: [1, { deep: ['}'] }], empty: {} } },
  { title: 'Zürich café — 東京 🚀🇩🇪 ☕', content: 'ｰ long vowel ー and \u2028 separator' },
  { title: '\\"', content: '\\\\"\\\\', n: -1.5e3, t: true, f: false, z: null },
];

/** The same objects written every way gaps.md allows. */
const STREAM = [
  `${JSON.stringify(OBJECTS[0])}\r\n`,
  `${JSON.stringify(OBJECTS[1])}${JSON.stringify(OBJECTS[2])}`,
  '\r\n\r\n\n',
  JSON.stringify(OBJECTS[3], null, 2),
  '\n  \t',
  `${JSON.stringify(OBJECTS[4], null, '\t')}\n`,
].join('');

/**
 * Streams of random objects written every way gaps.md allows, cut at random places: the values,
 * and the stream's chunks.
 */
const chunkedStreams = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()),
        fc.constantFrom(undefined, 2, '\t'),
        fc.constantFrom('', '\n', '\r\n', '\n\n', ' ', '\n \n'),
      ),
    ),
    fc.array(fc.nat(), { maxLength: 12 }),
  )
  .map(([entries, cuts]) => {
    const bytes = encode(
      entries
        .map(([value, indent, separator]) => JSON.stringify(value, null, indent) + separator)
        .join(''),
    );
    const positions = [...new Set(cuts.map((cut) => (bytes.length ? cut % bytes.length : 0)))].sort(
      (a, b) => a - b,
    );
    const chunks = [0, ...positions].map((from, index) =>
      bytes.subarray(from, [...positions, bytes.length][index]),
    );
    return { values: entries.map(([value]) => value), chunks };
  });

describe('JSON object splitter', () => {
  it('splits lines, back-to-back objects, pretty-printed objects and blank lines', () => {
    assert.deepEqual(split([encode(STREAM)]), OBJECTS);
  });

  it('gives the same objects for the stream cut at every byte position', () => {
    const bytes = encode(STREAM);
    for (let cut = 0; cut <= bytes.length; cut++)
      assert.deepEqual(
        split([bytes.subarray(0, cut), bytes.subarray(cut)]),
        OBJECTS,
        `cut at ${cut}`,
      );
  });

  it('gives the same objects fed one byte at a time', () => {
    const bytes = encode(STREAM);
    assert.deepEqual(
      split(Array.from(bytes, (_, index) => bytes.subarray(index, index + 1))),
      OBJECTS,
    );
  });

  it('gives the same objects for any objects, formatting and chunking (property)', () => {
    fc.assert(
      fc.property(chunkedStreams, ({ values, chunks }) =>
        assert.deepEqual(split(chunks), JSON.parse(JSON.stringify(values))),
      ),
    );
  });

  it('does not keep a chunk it was given: the caller may reuse the memory', () => {
    const splitter = new JsonObjectSplitter();
    const chunk = encode('{"a":"xy');
    assert.deepEqual(splitter.push(chunk), []);
    chunk.fill(0x20);
    assert.deepEqual(splitter.push(encode('z"}')), ['{"a":"xyz"}']);
  });

  it('refuses anything but objects and whitespace between objects, naming the byte', () => {
    const splitter = new JsonObjectSplitter();
    assert.throws(
      () => splitter.push(encode('{"a":1}\nnot json')),
      (error: Error) =>
        error instanceof StreamFormatError && /unexpected `n` at byte 8/.test(error.message),
    );
  });

  it('reports a stream that ends inside an object', () => {
    const splitter = new JsonObjectSplitter();
    splitter.push(encode('{"a":{"b":'));
    assert.equal(splitter.idle, false);
    assert.throws(() => splitter.end(), /ended inside a JSON object \(10 bytes received/);
  });

  it('refuses an object that grows past the limit instead of holding it all', () => {
    const splitter = new JsonObjectSplitter(64);
    splitter.push(encode(`{"a":"${'x'.repeat(40)}`));
    assert.throws(() => splitter.push(encode('x'.repeat(40))), /exceeds 64 bytes/);
  });
});

function parseAll(chunks: readonly Uint8Array[]): unknown[] {
  const parser = new JsonObjectParser();
  const values = chunks.flatMap((chunk) => parser.push(chunk));
  return [...values, ...parser.end()];
}

describe('JSON object parser (line fast path, scanner fallback)', () => {
  it('parses lines, back-to-back objects, pretty-printed objects and blank lines', () => {
    assert.deepEqual(parseAll([encode(STREAM)]), OBJECTS);
  });

  it('gives the same objects for the stream cut at every byte position, and byte by byte', () => {
    const bytes = encode(STREAM);
    for (let cut = 0; cut <= bytes.length; cut++)
      assert.deepEqual(
        parseAll([bytes.subarray(0, cut), bytes.subarray(cut)]),
        OBJECTS,
        `cut at ${cut}`,
      );
    assert.deepEqual(
      parseAll(Array.from(bytes, (_, index) => bytes.subarray(index, index + 1))),
      OBJECTS,
    );
  });

  it('agrees with the scanner for any objects, formatting and chunking (property)', () => {
    fc.assert(
      fc.property(chunkedStreams, ({ chunks }) =>
        assert.deepEqual(parseAll(chunks), split(chunks)),
      ),
    );
  });

  it('a line that is not an object is refused, naming its byte in the stream', () => {
    const parser = new JsonObjectParser();
    assert.deepEqual(parser.push(encode('{"a":1}\r\n')), [{ a: 1 }]);
    assert.throws(
      () => parser.push(encode('[1, 2]\n')),
      (error: Error) =>
        error instanceof StreamFormatError && /unexpected `\[` at byte 9/.test(error.message),
    );
  });

  it('a stream cut inside an object ends with TruncatedStream; a last line without newline is kept', () => {
    const cut = new JsonObjectParser();
    cut.push(encode('{"a":1}\n{"b":'));
    assert.throws(
      () => cut.end(),
      (error: Error) => error instanceof TruncatedStream,
    );
    const last = new JsonObjectParser();
    assert.deepEqual(last.push(encode('{"a":1}\n{"b":2}')), [{ a: 1 }]);
    assert.deepEqual(last.end(), [{ b: 2 }]);
  });
});
