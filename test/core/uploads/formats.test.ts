// The readers of upload files: every document with the line it starts on, every malformed piece
// a problem on its line while the rest is still read, whatever the chunks' boundaries.
import assert from 'node:assert/strict';
import { readCsv } from '../../../core/uploads/csv';
import { formatOf } from '../../../core/uploads/formats';
import type { SourceItem } from '../../../core/uploads/items';
import { readJson } from '../../../core/uploads/jsonFile';
import { readNdjson } from '../../../core/uploads/ndjson';

function* chunksOf(text: string, size = 1 << 20): Generator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size)
    yield bytes.subarray(start, start + size);
}

async function all(items: AsyncIterable<SourceItem>): Promise<SourceItem[]> {
  const found: SourceItem[] = [];
  for await (const item of items) found.push(item);
  return found;
}

/** `line: fields` or `line! message` for each item: short to compare. */
const brief = (items: readonly SourceItem[]) =>
  items.map((item) =>
    item.kind === 'document'
      ? `${item.line}: ${JSON.stringify(item.fields)}`
      : `${item.line}! ${item.message}`,
  );

describe('upload readers', () => {
  it('NDJSON: one document a line, blank lines skipped, a bad line a problem on its line, CRLF and a BOM', async () => {
    const text = '\uFEFF{"url":"a"}\r\n\n{"url":\n[1]\n"x"\n{"url":"b","n":"é"}';
    const items = brief(await all(readNdjson(chunksOf(text))));
    assert.equal(items.length, 5);
    assert.equal(items[0], '1: {"url":"a"}');
    assert.match(items[1]!, /^3! not JSON: /);
    assert.equal(items[2], '4! a document is a JSON object, not an array');
    assert.equal(items[3], '5! a document is a JSON object, not a string');
    assert.equal(items[4], '6: {"url":"b","n":"é"}');
  });

  it('JSON: one object, or an array whose elements start on their own lines; a bad element does not stop the rest', async () => {
    assert.deepEqual(brief(await all(readJson(chunksOf('\n {"url": "a"}\n')))), ['2: {"url":"a"}']);
    const text = [
      '[',
      '  {"url": "a", "title": "a, [b] {c}"},',
      '  {"url": "b",',
      '   "title": oops},',
      '  "text",',
      '  {"url": "c\\"]"}',
      ']',
    ].join('\n');
    const items = brief(await all(readJson(chunksOf(text))));
    assert.deepEqual(items[0], '2: {"url":"a","title":"a, [b] {c}"}');
    assert.match(items[1]!, /^3! not JSON: /);
    assert.equal(items[2], '5! a document is a JSON object, not a string');
    assert.equal(items[3], '6: {"url":"c\\"]"}');
    assert.equal(items.length, 4);
  });

  it('JSON: a file cut short, text after the value, and what is neither an object nor an array', async () => {
    const cut = brief(await all(readJson(chunksOf('[{"url":"a"},\n{"url":"b"'))));
    assert.match(cut[1]!, /^2! not JSON/);
    assert.equal(cut[2], '2! the file ends before the closing `]` of its array');
    const after = brief(await all(readJson(chunksOf('{"url":"a"}\n{"url":"b"}'))));
    assert.deepEqual(after, [
      '1: {"url":"a"}',
      '2! text after the end of the JSON value: nothing more is read',
    ]);
    assert.deepEqual(brief(await all(readJson(chunksOf('\n\n42')))), [
      '3! a JSON upload file holds one object or an array of objects',
    ]);
  });

  it('JSON and NDJSON: the same items whatever the chunk size (cut inside strings, escapes and characters)', async () => {
    const json = '[{"url":"a\\\\","t":"é\\"}"},\n{"url":"b"},\n{bad}]';
    const ndjson = '{"url":"a\\\\","t":"é\\"}"}\n{"url":"b"}\n{bad}\n';
    const wholeJson = brief(await all(readJson(chunksOf(json))));
    const wholeNdjson = brief(await all(readNdjson(chunksOf(ndjson))));
    for (let size = 1; size <= 8; size++) {
      assert.deepEqual(brief(await all(readJson(chunksOf(json, size)))), wholeJson, `size ${size}`);
      assert.deepEqual(brief(await all(readNdjson(chunksOf(ndjson, size)))), wholeNdjson);
    }
  });

  it('CSV: a header row names the fields; numbers converted where the field is numeric; empty cells left out; dotted columns nest', async () => {
    const text = [
      'url,title,content,published,engagement,custom.score,extra_author_attributes.name,label',
      'https://a.example/1,"Title, with comma",x,1767312000000,12.5,4,Ann,"[{""type"":""t"",""id"":""1""}]"',
      '',
      'https://a.example/2,"two',
      'lines",y,soon,many,,,',
      'https://a.example/3,short',
      'https://a.example/4,t,c,1767312000000,,,,[broken',
      'https://a.example/5,t,c,1767312000000,,,,',
    ].join('\r\n');
    const items = brief(await all(readCsv(chunksOf(text, 7))));
    assert.deepEqual(items, [
      '2: {"url":"https://a.example/1","title":"Title, with comma","content":"x","published":1767312000000,"engagement":12.5,"custom":{"score":4},"extra_author_attributes":{"name":"Ann"},"label":[{"type":"t","id":"1"}]}',
      '4: {"url":"https://a.example/2","title":"two\\r\\nlines","content":"y","published":"soon","engagement":"many"}',
      '6! the record has 2 cells where the header row has 8',
      items[3]!,
      '8: {"url":"https://a.example/5","title":"t","content":"c","published":1767312000000}',
    ]);
    assert.match(items[3]!, /^7! label: the cell is not JSON/);
  });

  it('CSV: every line ending (LF, CR LF, a CR alone) gives each record its own line, whatever the chunks', async () => {
    const rows = [
      'url,title',
      'https://a.example/1,one',
      '',
      'https://a.example/2,"two\rlines"',
      'https://a.example/3,three',
    ];
    for (const ending of ['\n', '\r\n', '\r'])
      for (const size of [1, 2, 3, 1 << 20]) {
        const lines = (await all(readCsv(chunksOf(rows.join(ending) + ending, size)))).map(
          (item) => item.line,
        );
        assert.deepEqual(lines, [2, 4, 6], `${JSON.stringify(ending)} in chunks of ${size}`);
      }
  });

  it('CSV: a quote never closed is a problem on its line that ends the reading; a header naming a field twice reads nothing', async () => {
    const items = brief(
      await all(
        readCsv(
          chunksOf(
            '\uFEFFurl,title\r\nhttps://a.example/1,ok\r\n"https://a.example/2,never closed\nx,y\n',
            5,
          ),
        ),
      ),
    );
    assert.equal(items[0], '2: {"url":"https://a.example/1","title":"ok"}');
    assert.match(items[1]!, /^3! unreadable CSV \(.*\): the rest of the file is not read$/);
    assert.equal(items.length, 2);
    assert.deepEqual(brief(await all(readCsv(chunksOf('url,url\na,b\n')))), [
      '1! the header row names "url" twice: nothing is read',
    ]);
  });

  it('the format from the extension', () => {
    assert.deepEqual(['a.json', 'b.NDJSON', 'c.jsonl', 'd.csv', 'e.txt', 'noext'].map(formatOf), [
      'json',
      'ndjson',
      'ndjson',
      'csv',
      undefined,
      undefined,
    ]);
  });
});
