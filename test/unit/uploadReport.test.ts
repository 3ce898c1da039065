// The upload report beyond its lines: what a table of it keeps (every outcome counted, the first
// lines of each kept, in order), and a retry's outcomes folded into the report it retried (every
// line still there, the retried ones replaced; a line that is not a report line, of any kind,
// kept in its place as it was and never taken for one).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isUnreadable, mergeRetried, type MergedLine } from '../../core/uploads/mergeReport';
import { parseReportLine, type ReportLine } from '../../core/uploads/report';
import { ReportSample } from '../../core/uploads/reportSample';
import { readRetryPlan } from '../../core/uploads/retry';

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

async function collect(lines: AsyncIterable<MergedLine>): Promise<ReportLine[]> {
  const all: ReportLine[] = [];
  for await (const each of lines) if (!isUnreadable(each)) all.push(each);
  return all;
}

/** A report line made wrong in one field: of another type, or a value no report holds. */
const malformedLine: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('line', 'url', 'outcome', 'status_code', 'message', 'entry'),
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
      if (field === 'line')
        return !(typeof value === 'number' && Number.isSafeInteger(value) && value > 0);
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

    it('lines that are not report lines, of any kind: kept as they were, in their places, never read as lines', async () => {
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
            const retried = new Map<number, ReportLine>(
              kinds.flatMap((kind, index): [number, ReportLine][] =>
                kind === 'good' && index % 2 ? [[index + 1, line(index + 1, 'applied')]] : [],
              ),
            );
            const merged: MergedLine[] = [];
            for await (const each of mergeRetried(chunksOf(earlier), retried)) merged.push(each);
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

  it("VS Code's retry plan passes over lines that are not report lines; mmq upload's refuses them", async () => {
    const report = chunksOf([
      line(1, 'applied'),
      '{"line": 2, "outcome": "refused", "url": 42}',
      line(3, 'refused'),
      'torn {"line"',
    ]);
    const plan = await readRetryPlan(report, { skipUnreadable: true });
    assert.deepEqual([...plan.keys()], [3]);
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
