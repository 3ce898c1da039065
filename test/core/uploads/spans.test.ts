// Where an upload file's problems are: the value a problem is about, as the file's own text
// (so that the editor underlines it, not the whole line), in NDJSON, JSON (arrays over many
// lines or on one) and CSV (quoted cells, cells over two lines); the document when the field is
// missing; whatever the chunks' boundaries.
import assert from 'node:assert/strict';
import type { UploadProblem } from '../../../core/uploads/checks';
import { readDocuments, type InputFormat } from '../../../core/uploads/formats';
import { prepare } from '../../../core/uploads/prepare';
import type { Span } from '../../../core/uploads/spans';

function* chunksOf(text: string, size: number): Generator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size)
    yield bytes.subarray(start, start + size);
}

/** The file's text a span covers, read as an editor reads lines and columns. */
function textAt(text: string, span: Span): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (span.line === span.endLine)
    return (lines[span.line - 1] ?? '').slice(span.column, span.endColumn);
  return [
    (lines[span.line - 1] ?? '').slice(span.column),
    ...lines.slice(span.line, span.endLine - 1),
    (lines[span.endLine - 1] ?? '').slice(0, span.endColumn),
  ].join('\n');
}

/** `line field: the text underlined` for each problem (`(line)` when none is). */
async function underlined(format: InputFormat, text: string, size = 1 << 20): Promise<string[]> {
  const found: string[] = [];
  for await (const { problems } of prepare(readDocuments(format, chunksOf(text, size)), {
    mode: 'create',
    customMetrics: ['score'],
  }))
    found.push(
      ...problems.map(
        (problem: UploadProblem) =>
          `${problem.line} ${problem.field}: ${problem.at ? textAt(text, problem.at) : '(line)'}`,
      ),
    );
  return found;
}

const good = (n: number) => ({
  url: `https://news.acme.example/${n}`,
  title: `Title ${n}`,
  content: 'Content',
  published: 1767312000000,
});

describe('where upload problems are', () => {
  it('NDJSON: the value of the field, nested ones too, after characters of any width', async () => {
    const text = [
      JSON.stringify(good(1)),
      `{"title": "Ünïcødé 😀", "url": "https://news.acme.example/2", "content": "c", "published": "yesterday"}`,
      JSON.stringify({ ...good(3), custom: { score: 'high', nosuch: 1 } }),
      `  {"url": "https://news.acme.example/4", "title": "t", "content": "c", "published": 1767312000000, "rating": "x", "rating": "five"}`,
    ].join('\r\n');
    for (const size of [1 << 20, 3, 7])
      assert.deepEqual(
        await underlined('ndjson', `\uFEFF${text}`, size),
        [
          '2 published: "yesterday"',
          '3 custom.score: "high"',
          '3 custom.nosuch: 1',
          // Of keys given twice the last counts, as JSON.parse reads them.
          '4 rating: "five"',
        ],
        `chunks of ${size}`,
      );
  });

  it('NDJSON: a missing field marks the document; a line that is not JSON its line', async () => {
    const text = ['  {"url": "https://news.acme.example/1"}  ', '{"url": '].join('\n');
    assert.deepEqual(await underlined('ndjson', text), [
      '1 title: {"url": "https://news.acme.example/1"}',
      '1 content: {"url": "https://news.acme.example/1"}',
      '1 published: {"url": "https://news.acme.example/1"}',
      '2 : (line)',
    ]);
  });

  it('JSON: an array over many lines, a value over two lines, elements after one with a problem', async () => {
    const text = [
      '[',
      `  ${JSON.stringify(good(1))},`,
      '  {"url": "https://news.acme.example/2", "title": "t", "content": "c",',
      '   "published": 1767312000000, "custom": {',
      '     "score": [1,',
      '       2]}},',
      `  ${JSON.stringify({ ...good(3), engagement: 'many' })}`,
      ']',
    ].join('\n');
    for (const size of [1 << 20, 5])
      assert.deepEqual(
        await underlined('json', text, size),
        ['3 custom.score: [1,\n       2]', '7 engagement: "many"'],
        `chunks of ${size}`,
      );
  });

  it('JSON: an array on one line, each problem in its own element (columns in UTF-16 units)', async () => {
    const text = `[{"url": "https://news.acme.example/é", "title": "😀😀", "content": "c", "published": 1767312000000}, {"url": "ftp://x", "title": "t", "content": "c", "published": 1767312000000},{"url":"https://news.acme.example/3"}]`;
    for (const size of [1 << 20, 2])
      assert.deepEqual(
        await underlined('json', text, size),
        [
          '1 url: "ftp://x"',
          '1 title: {"url":"https://news.acme.example/3"}',
          '1 content: {"url":"https://news.acme.example/3"}',
          '1 published: {"url":"https://news.acme.example/3"}',
        ],
        `chunks of ${size}`,
      );
  });

  it('JSON: one object over several lines', async () => {
    const text = `{\n  "url": "https://news.acme.example/1",\n  "title": "t", "content": "c",\n  "published": 1700000000\n}\n`;
    assert.deepEqual(await underlined('json', text), ['1 published: 1700000000']);
  });

  it('CSV: the cell as written, quoted ones with their quotes, after quoted commas, quotes and line breaks', async () => {
    const text = [
      'url,title,content,published,custom.score,label',
      'https://news.acme.example/1,"A title, with ""quotes""",c,soon,,',
      '',
      'https://news.acme.example/2,"two',
      'lines",c,1767312000000,"lots",',
      'https://news.acme.example/3,t,c,1767312000000,,"[{""type"": broken"',
      'https://news.acme.example/4,,c,1767312000000,,',
      'https://news.acme.example/5,t,c',
    ].join('\r\n');
    for (const size of [1 << 20, 4])
      assert.deepEqual(
        await underlined('csv', `\uFEFF${text}`, size),
        [
          '2 published: soon',
          '4 custom.score: "lots"',
          '6 : "[{""type"": broken"',
          // An empty cell is a field left out: the record is marked.
          '7 title: https://news.acme.example/4,,c,1767312000000,,',
          '8 : (line)',
        ],
        `chunks of ${size}`,
      );
  });

  it('CSV: a value on the second line of a quoted cell keeps its columns', async () => {
    const text = ['title,url,content,published', '"multi', 'line",a-b,c,1767312000000'].join('\n');
    assert.deepEqual(await underlined('csv', text), ['2 url: a-b']);
  });
});
