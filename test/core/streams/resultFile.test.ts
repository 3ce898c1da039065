// Results written to a file as they arrive: NDJSON one document a line, CSV properly quoted.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResultDocument } from '../../../core/api/schemas/document';
import { CSV_COLUMNS, ResultFile, resultLine } from '../../../core/streams/resultFile';

const result = (n: number, title: string): ResultDocument => ({
  data: {
    url: `https://example.com/${n}`,
    title,
    published: Date.UTC(2024, 4, 1, n),
    lang: 'en',
    sentiment: -1,
    domain_url: 'example.com',
    extra_source_attributes: { name: 'Example', world_data: { country_code: 'US' } },
  },
  highlighted_data: [{ matched: { collector_query_ids: ['q1', 'q2'] } }],
});

describe('a result file', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'result-file-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('NDJSON: one data document per line', async () => {
    const path = join(folder, 'c.ndjson');
    const file = await ResultFile.open(path, 'ndjson');
    for (let n = 0; n < 250; n++) await file.write(result(n, `title ${n}`));
    await file.close();
    assert.equal(file.count, 250);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 250);
    assert.deepEqual(JSON.parse(lines[7] ?? ''), result(7, 'title 7').data);
  });

  it('CSV: a header, then one quoted row per result', async () => {
    const path = join(folder, 'c.csv');
    const file = await ResultFile.open(path, 'csv');
    await file.write(result(1, 'Acme, "the" best\nnews'));
    await file.close();
    const text = readFileSync(path, 'utf8');
    assert.ok(text.startsWith(`${CSV_COLUMNS.join(',')}\r\n`));
    assert.ok(
      text.includes(
        ',2024-05-01T01:00:00.000Z,https://example.com/1,"Acme, ""the"" best\nnews",Example,example.com,',
      ),
      text,
    );
    assert.ok(text.includes(',en,US,-1,,,q1 q2,\r\n'), text);
  });

  it('a line ends with its record end', () => {
    assert.ok(resultLine(result(1, 't'), 'ndjson').endsWith('}\n'));
    assert.ok(resultLine(result(1, 't'), 'csv').endsWith('\r\n'));
  });
});
