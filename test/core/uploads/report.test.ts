// The upload report beyond its lines: what a table of it keeps (every outcome counted, the first
// lines of each kept, in order), a retry's outcomes folded into the report it retried (every
// line still there, the retried ones replaced, documents it did not list in their place; a broken
// earlier report said, not guessed at, by mmq upload, while VS Code keeps a line that is not a
// report line, of any kind, in its place as it was and never takes it for one), and a killed
// upload's journal read back and compacted.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { compactReport } from '../../../core/uploads/compactReport';
import { ReportMerge } from '../../../core/uploads/mergeReport';
import { parseReportLine, sendingLine, type ReportLine } from '../../../core/uploads/report';
import {
  isUnreadable,
  latestLines,
  ReportFileError,
  reportItems,
  reportLines,
  type ReportItem,
} from '../../../core/uploads/reportFile';
import { ReportSample } from '../../../core/uploads/reportSample';
import { readRetryPlan } from '../../../core/uploads/retry';

const line = (number: number, outcome: ReportLine['outcome'], message = ''): ReportLine => ({
  line: number,
  url: `https://news.acme.example/${number}`,
  outcome,
  ...(message ? { message } : {}),
});

const chunksOf = (lines: readonly unknown[]) => [
  Buffer.from(
    lines.map((each) => (typeof each === 'string' ? each : JSON.stringify(each))).join('\n') + '\n',
  ),
];

async function collect(lines: AsyncIterable<ReportItem>): Promise<ReportLine[]> {
  const all: ReportLine[] = [];
  for await (const each of lines) if (!isUnreadable(each)) all.push(each);
  return all;
}

/** A report line made wrong in one field: of another type, or a value no report holds. */
const malformedLine: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'line',
        'position',
        'url',
        'outcome',
        'status_code',
        'message',
        'entry',
        'sending',
      ),
      fc.oneof(
        fc.integer({ min: -5, max: 0 }),
        fc.double({ noInteger: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 2 }),
        fc.string({ maxLength: 5 }),
        fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
      ),
    )
    .filter(([field, value]) => {
      // Values of the right type for their field are not malformed.
      if (field === 'line' || field === 'position')
        return !(typeof value === 'number' && Number.isSafeInteger(value) && value > 0);
      if (field === 'sending') return value !== true;
      if (field === 'outcome')
        return !['applied', 'refused', 'unknown', 'not-sent'].includes(value as string);
      if (field === 'entry')
        return typeof value !== 'object' || value === null || Array.isArray(value);
      return typeof value !== 'string';
    })
    .map(([field, value]) =>
      JSON.stringify({
        line: 1,
        url: 'https://news.acme.example/1',
        outcome: 'refused',
        [field]: value,
      }),
    ),
  // Not an object at all, or not JSON; a line cut short.
  fc.constantFrom('[1, 2]', '"text"', '42', 'not json', '{"line": 3, "outcome": "appl'),
);

describe('upload report', () => {
  describe('ReportSample', () => {
    it('counts every line and keeps the first of each outcome, in input order', () => {
      const sample = new ReportSample(2);
      const outcomes: ReportLine['outcome'][] = [
        'applied',
        'refused',
        'applied',
        'applied',
        'not-sent',
        'refused',
        'refused',
        'unknown',
      ];
      outcomes.forEach((outcome, index) => sample.add(line(index + 1, outcome)));
      assert.deepEqual(sample.counts, { applied: 3, refused: 3, unknown: 1, 'not-sent': 1 });
      assert.deepEqual(
        sample.lines.map((each) => `${each.line} ${each.outcome}`),
        ['1 applied', '2 refused', '3 applied', '5 not-sent', '6 refused', '8 unknown'],
      );
      assert.equal(sample.retryable, 5);
    });

    it('holds no more than its limit per outcome whatever the report size', () => {
      const sample = new ReportSample(10);
      for (let index = 1; index <= 100_000; index++)
        sample.add(line(index, index % 7 === 0 ? 'refused' : 'applied'));
      assert.equal(sample.lines.length, 20);
      assert.equal(sample.counts.applied + sample.counts.refused, 100_000);
    });
  });

  /** The merged report: each retried line placed as it comes, then the rest. */
  async function merged(earlier: readonly unknown[], retried: readonly ReportLine[]) {
    const merge = new ReportMerge(reportLines(chunksOf(earlier)));
    const all: ReportLine[] = [];
    for (const line of retried) all.push(...(await collect(merge.place(line))));
    all.push(...(await collect(merge.rest())));
    return all;
  }

  describe('ReportMerge', () => {
    it('the retried lines take their new outcomes; the others stay as they were, in order', async () => {
      const earlier = [
        line(1, 'applied'),
        line(2, 'refused', 'no channel'),
        line(3, 'unknown', 'connection cut'),
        line(4, 'applied'),
        line(5, 'not-sent', 'cancelled'),
      ];
      const retried = [
        line(2, 'refused', 'still no channel'),
        line(3, 'applied'),
        line(5, 'refused', 'exists'),
      ];
      assert.deepEqual(
        (await merged(earlier, retried)).map((each) =>
          `${each.line} ${each.outcome} ${each.message ?? ''}`.trim(),
        ),
        ['1 applied', '2 refused still no channel', '3 applied', '4 applied', '5 refused exists'],
      );
    });

    it('documents the earlier report did not list take their places among its lines', async () => {
      const earlier = [line(1, 'applied'), line(4, 'applied')];
      const retried = [line(2, 'applied'), line(3, 'applied'), line(5, 'applied')];
      assert.deepEqual(
        (await merged(earlier, retried)).map((each) => each.line),
        [1, 2, 3, 4, 5],
      );
    });

    it('documents sharing a line are told apart by position', async () => {
      const at = (position: number, outcome: ReportLine['outcome']): ReportLine => ({
        line: 1,
        position,
        url: `https://news.acme.example/${position}`,
        outcome,
      });
      const all = await merged(
        [at(1, 'applied'), at(2, 'unknown'), at(3, 'applied')],
        [at(2, 'applied'), at(4, 'applied')],
      );
      assert.deepEqual(
        all.map((each) => `${each.position} ${each.outcome}`),
        ['1 applied', '2 applied', '3 applied', '4 applied'],
      );
    });

    it('an earlier report with a line that is not a report line: said with its number', async () => {
      await assert.rejects(
        merged([line(1, 'applied'), '{"line": "two"}'], []),
        (error: unknown) => error instanceof ReportFileError && /line 2 /.test(error.message),
      );
      await assert.rejects(merged(['{"line": 1, "outcome": "landed"}'], []), ReportFileError);
    });

    it('lines that are not report lines, of any kind, kept (VS Code): as they were, in their places, never read as lines', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(fc.constant('good'), malformedLine), { minLength: 1, maxLength: 12 }),
          async (kinds) => {
            const earlier = kinds.map((kind, index) =>
              kind === 'good'
                ? JSON.stringify(line(index + 1, index % 2 ? 'refused' : 'applied'))
                : kind,
            );
            for (const text of earlier.filter((_, index) => kinds[index] !== 'good'))
              assert.equal(parseReportLine(text), undefined, text);
            const retried = kinds.flatMap((kind, index) =>
              kind === 'good' && index % 2 ? [line(index + 1, 'applied')] : [],
            );
            const merge = new ReportMerge(reportItems(chunksOf(earlier)));
            const merged: ReportItem[] = [];
            for (const each of retried) for await (const one of merge.place(each)) merged.push(one);
            for await (const one of merge.rest()) merged.push(one);
            assert.deepEqual(
              merged.map((each) =>
                isUnreadable(each) ? each.unreadable : `${each.line} ${each.outcome}`,
              ),
              kinds.map((kind, index) => (kind === 'good' ? `${index + 1} applied` : kind)),
            );
          },
        ),
      );
    });
  });

  describe('a journal read back', () => {
    const at = (position: number, outcome: ReportLine['outcome']): ReportLine => ({
      line: position,
      position,
      url: `https://news.acme.example/${position}`,
      outcome,
    });
    const sending = (position: number) =>
      sendingLine(position, position, `https://news.acme.example/${position}`);
    /** Two batches (1–3 and 4–6, 5 failing the checks) and a third killed after its sending lines. */
    const journal = [
      sending(1),
      sending(2),
      sending(3),
      at(1, 'applied'),
      at(2, 'refused'),
      at(3, 'applied'),
      sending(4),
      sending(6),
      at(4, 'applied'),
      at(5, 'not-sent'),
      at(6, 'unknown'),
      sending(7),
      sending(8),
    ];

    it('each document once, its latest line, in input order; a torn last line ignored', async () => {
      const lines = await collect(
        latestLines(reportLines([...chunksOf(journal), Buffer.from('{"line":9,"posi')])),
      );
      assert.deepEqual(
        lines.map((each) => `${each.position} ${each.outcome}${each.sending ? ' sending' : ''}`),
        [
          '1 applied',
          '2 refused',
          '3 applied',
          '4 applied',
          '5 not-sent',
          '6 unknown',
          '7 unknown sending',
          '8 unknown sending',
        ],
      );
    });

    it('compacted in place: one line per document, and read the same', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mmq-report-'));
      const file = join(dir, 'report.ndjson');
      await writeFile(file, chunksOf(journal)[0]!);
      await compactReport(file);
      const text = await readFile(file, 'utf8');
      const lines = text.trimEnd().split('\n');
      assert.equal(lines.length, 8);
      assert.deepEqual(
        lines.map((each) => (JSON.parse(each) as ReportLine).position),
        [1, 2, 3, 4, 5, 6, 7, 8],
      );
    });

    it("compacted with the lines that are not report lines VS Code's retry kept, in their places", async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mmq-report-'));
      const file = join(dir, 'report.ndjson');
      const kept = ['{"line": 2, "url": 42, "outcome": "applied"}', 'not a report line'];
      await writeFile(
        file,
        chunksOf([
          sending(1),
          sending(3),
          kept[0],
          at(1, 'applied'),
          at(3, 'refused'),
          kept[1],
          at(4, 'applied'),
        ])[0]!,
      );
      await compactReport(file);
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      assert.deepEqual(lines, [
        kept[0],
        JSON.stringify(at(1, 'applied')),
        JSON.stringify(at(3, 'refused')),
        kept[1],
        JSON.stringify(at(4, 'applied')),
      ]);
    });
  });

  it("VS Code's retry plan passes over lines that are not report lines; mmq upload's refuses them", async () => {
    const report = chunksOf([
      line(1, 'applied'),
      '{"line": 2, "outcome": "refused", "url": 42}',
      line(3, 'refused'),
      'torn {"line"',
    ]);
    const plan = await readRetryPlan(report, { skipUnreadable: true });
    assert.equal(plan.entryFor(1, 1), 'applied');
    // The document a line that cannot be read names is not sent again; what it says is unknown.
    assert.equal(plan.entryFor(2, 2), 'unreadable');
    assert.deepEqual(plan.entryFor(3, 3), {
      line: 3,
      url: 'https://news.acme.example/3',
      outcome: 'refused',
    });
    // A document no line names is unlisted (sent again as upsert), as in any retry.
    assert.deepEqual(plan.entryFor(4, 4), { outcome: 'unlisted' });
    await assert.rejects(readRetryPlan(report), /line 2 is not a report line/);
  });

  it('counts the unreadable lines of a report and names the first of them', () => {
    const sample = new ReportSample(10);
    for (let index = 1; index <= 30; index++) sample.addUnreadable(index * 2);
    sample.addUnreadable(undefined);
    assert.equal(sample.unreadable.count, 31);
    assert.deepEqual(sample.unreadable.lines.slice(0, 3), [2, 4, 6]);
    assert.equal(sample.unreadable.lines.length, 20);
  });
});
