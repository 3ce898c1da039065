// The upload report beyond its lines: what a table of it keeps (every outcome counted, the first
// lines of each kept, in order), and a retry's outcomes folded into the report it retried (every
// line still there, the retried ones replaced; a broken earlier report said, not guessed at).
import assert from 'node:assert/strict';
import { mergeRetried, MergeReportError } from '../../core/uploads/mergeReport';
import type { ReportLine } from '../../core/uploads/report';
import { ReportSample } from '../../core/uploads/reportSample';

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

async function collect(lines: AsyncIterable<ReportLine>): Promise<ReportLine[]> {
  const all: ReportLine[] = [];
  for await (const each of lines) all.push(each);
  return all;
}

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

  describe('mergeRetried', () => {
    it('the retried lines take their new outcomes; the others stay as they were, in order', async () => {
      const earlier = [
        line(1, 'applied'),
        line(2, 'refused', 'no channel'),
        line(3, 'unknown', 'connection cut'),
        line(4, 'applied'),
        line(5, 'not-sent', 'cancelled'),
      ];
      const retried = new Map([
        [3, line(3, 'applied')],
        [5, line(5, 'refused', 'exists')],
        [2, line(2, 'refused', 'still no channel')],
      ]);
      const merged = await collect(mergeRetried(chunksOf(earlier), retried));
      assert.deepEqual(
        merged.map((each) => `${each.line} ${each.outcome} ${each.message ?? ''}`.trim()),
        ['1 applied', '2 refused still no channel', '3 applied', '4 applied', '5 refused exists'],
      );
    });

    it('a retried line the earlier report does not list is still reported, at the end', async () => {
      const merged = await collect(
        mergeRetried(chunksOf([line(1, 'applied')]), new Map([[9, line(9, 'applied')]])),
      );
      assert.deepEqual(
        merged.map((each) => each.line),
        [1, 9],
      );
    });

    it('an earlier report with a line that is not a report line: said with its number', async () => {
      await assert.rejects(
        collect(mergeRetried(chunksOf([line(1, 'applied'), '{"line": "two"}']), new Map())),
        (error: unknown) => error instanceof MergeReportError && /line 2 /.test(error.message),
      );
      await assert.rejects(
        collect(mergeRetried(chunksOf(['{"line": 1, "outcome": "landed"}']), new Map())),
        MergeReportError,
      );
    });
  });
});
