// Hostile upload files: a line with no end, nesting ten thousand levels deep, a quote never
// closed, a 200 MB file. Each is a problem on its line, never a crash; what is held stays bounded
// whatever the size; and the cost grows with the input, measured in bytes allocated (not time,
// which a busy machine would make flaky).
import assert from 'node:assert/strict';
import { checkDocument } from '../../../core/uploads/checks';
import { readCsv } from '../../../core/uploads/csv';
import { MAX_PIECE_BYTES, type SourceItem } from '../../../core/uploads/items';
import { JsonScanner, readJson } from '../../../core/uploads/jsonFile';
import { LineSplitter } from '../../../core/uploads/lines';
import { itemOfLine, readNdjson } from '../../../core/uploads/ndjson';
import { prepare } from '../../../core/uploads/prepare';
import { allocatedBytes } from '../../support/allocation';

const MB = 1024 * 1024;
const CHUNK = 256 * 1024;

/** `total` bytes: `head`, then `fill` repeated, then `tail`, in chunks of 256 KiB made as read. */
function* generated(total: number, fill: string, head = '', tail = ''): Generator<Uint8Array> {
  yield Buffer.from(head);
  // Whole repetitions of `fill`, so that the documents a block holds are whole too.
  const block = Buffer.from(fill.repeat(Math.max(1, Math.floor(CHUNK / fill.length))));
  for (let sent = 0; sent < total; sent += block.length) yield block;
  yield Buffer.from(tail);
}

/** External memory (Buffers) at its highest while the items are read, above where it started. */
async function peakWhile(items: AsyncIterable<SourceItem>) {
  const start = process.memoryUsage().arrayBuffers;
  let peak = 0;
  const found: SourceItem[] = [];
  for await (const item of items) {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers - start);
    if (found.length < 10) found.push(item);
  }
  return { peak, found };
}

const problemsOf = (items: readonly SourceItem[]) =>
  items.map((item) => (item.kind === 'problem' ? `${item.line}! ${item.message}` : `${item.line}`));

describe('hostile upload files', function () {
  this.timeout(120_000);

  it('NDJSON: a 64 MB line without a break is one problem, never held whole; the next line is read', async () => {
    const { peak, found } = await peakWhile(readNdjson(generated(64 * MB, 'x'), MAX_PIECE_BYTES));
    assert.deepEqual(problemsOf(found).length, 1);
    assert.match(
      problemsOf(found)[0]!,
      /^1! the line is 67,\d{3},\d{3} bytes or more: a document is at most 1,048,576 bytes$/,
    );
    assert.ok(peak < 16 * MB, `held ${peak} bytes`);
    const after = await peakWhile(readNdjson(generated(8 * MB, 'x', '', '\n{"url":"a"}\n')));
    assert.deepEqual(problemsOf(after.found).slice(1), ['2']);
  });

  it('JSON: an element that never ends and one nested 100,000 levels deep are problems on their lines', async () => {
    const endless = await peakWhile(readJson(generated(32 * MB, 'a', '[\n{"url":"', '')));
    assert.ok(endless.peak < 16 * MB, `held ${endless.peak} bytes`);
    assert.match(problemsOf(endless.found)[0]!, /^2! the document is [\d,]+ bytes or more/);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const items = problemsOf(
      await peakWhile(readJson(generated(0, ' ', `[\n{"url":"a"},\n${deep},\n{"url":"b"}]`))).then(
        (result) => result.found,
      ),
    );
    assert.deepEqual(items, ['2', '3! nested deeper than 32 levels: not a document', '4']);
    const ndjson = await peakWhile(readNdjson(generated(0, ' ', `{"a":${deep}}\n`)));
    assert.deepEqual(problemsOf(ndjson.found), ['1! nested deeper than 32 levels: not a document']);
  });

  it('CSV: a quote never closed over 64 MB is one problem, held no longer than a few times the limit', async () => {
    const { peak, found } = await peakWhile(
      readCsv(generated(64 * MB, 'abc ', 'url,title\nhttps://a.example/1,"', '')),
    );
    assert.ok(peak < 6 * MAX_PIECE_BYTES, `held ${peak} bytes`);
    assert.equal(found.length, 1);
    assert.match(problemsOf(found)[0]!, /^2! unreadable CSV .*: the rest of the file is not read$/);
  });

  it('200 MB of NDJSON documents read and checked in bounded memory', async () => {
    const line = `${JSON.stringify({ url: 'https://news.acme.example/x', title: 't', content: 'c'.repeat(8000), published: 1767312000000 })}\n`;
    const start = process.memoryUsage();
    let peak = 0;
    let documents = 0;
    let problems = 0;
    for await (const item of prepare(readNdjson(generated(200 * MB, line)), { mode: 'create' })) {
      if (item.problems.length === 0) documents++;
      else problems++;
      if (documents % 500 === 0) {
        const now = process.memoryUsage();
        peak = Math.max(
          peak,
          now.heapUsed + now.arrayBuffers - start.heapUsed - start.arrayBuffers,
        );
      }
    }
    assert.equal(problems, 0);
    assert.equal(
      documents,
      Math.ceil((200 * MB) / (Math.floor(CHUNK / line.length) * line.length)) *
        Math.floor(CHUNK / line.length),
    );
    assert.ok(peak < 128 * MB, `held ${Math.round(peak / MB)} MB`);
  });

  describe('cost in proportion to the input', () => {
    const MAX_GROWTH = 20;

    /** The cost at `from` bytes and at ten times that: large enough that sampling is exact enough. */
    function assertLinear(name: string, from: number, task: (bytes: number) => void): void {
      const [small, large] = [from, from * 10].map((bytes) => allocatedBytes(() => task(bytes)));
      const factor = large! / small!;
      assert.ok(
        factor < MAX_GROWTH,
        `${name}: allocations grew ${factor.toFixed(1)}× for 10× the input`,
      );
    }

    const documentLine =
      '{"url":"https://a.example/1","title":"t","content":"c","published":1767312000000}\n';
    /** Each shape, and the smaller size it is measured at (the costly ones smaller). */
    const shapes: Record<string, [(bytes: number) => string, number]> = {
      'many documents': [
        (bytes) => documentLine.repeat(Math.ceil(bytes / documentLine.length)),
        300_000,
      ],
      'one long string': [(bytes) => `{"url":"${'\\"'.repeat(bytes / 2)}"}\n`, 1_000_000],
      'deep nesting': [(bytes) => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}\n`, 1_000_000],
      'bad lines': [(bytes) => '{"url":}\n'.repeat(Math.ceil(bytes / 9)), 100_000],
    };

    for (const [name, [shape, from]] of Object.entries(shapes)) {
      it(`NDJSON, ${name}`, () =>
        assertLinear(name, from, (bytes) => {
          const splitter = new LineSplitter(64 * MB);
          for (const line of [...splitter.push(Buffer.from(shape(bytes))), ...splitter.end()]) {
            const item = itemOfLine(line);
            if (item?.kind === 'document') checkDocument(item.fields, { mode: 'create' });
          }
        }));
      it(`JSON, ${name}`, () =>
        assertLinear(name, from, (bytes) => {
          const scanner = new JsonScanner(64 * MB);
          const text = `[${shape(bytes).trimEnd().split('\n').join(',\n')}]`;
          for (const item of [...scanner.push(Buffer.from(text)), ...scanner.end()])
            if (item.kind === 'document') checkDocument(item.fields, { mode: 'create' });
        }));
    }
  });
});
