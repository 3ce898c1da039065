// The row of segments in blocks against a plain array of segments and their starts: random
// replacements (segments removed, inserted, the rest moved), with blocks of a few segments so that
// replacements cross, empty and merge them; every read of the row compared after each.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyseStretch, type Segment } from '../../../core/query/segment';
import { SegmentRow } from '../../../core/query/segmentRow';

/** Real segments to place: rules with and without diagnostics, and a preamble (no rule). */
const POOL_TEXT =
  '// note\n### a\nacme\n### b\nacme AND\n### c\n(rocket\n### d\nanvil OR road\n### e\n';
const POOL: readonly Segment[] = analyseStretch(POOL_TEXT, 0, POOL_TEXT.length);

interface Model {
  readonly segments: readonly Segment[];
  readonly lengths: readonly number[];
}

const startsOf = (lengths: readonly number[]): number[] => {
  const starts: number[] = [];
  let at = 0;
  for (const length of lengths) {
    starts.push(at);
    at += length;
  }
  return starts;
};

interface Replacement {
  readonly at: number;
  readonly removed: number;
  /** Each inserted segment: which of the pool, and its length. */
  readonly inserted: readonly (readonly [number, number])[];
}

const replacement: fc.Arbitrary<Replacement> = fc.record({
  at: fc.nat(),
  removed: fc.oneof(fc.nat(3), fc.nat(30)),
  inserted: fc.array(fc.tuple(fc.nat(POOL.length - 1), fc.integer({ min: 1, max: 9 })), {
    minLength: 1,
    maxLength: 12,
  }),
});

function assertRowIs(row: SegmentRow, model: Model): void {
  const starts = startsOf(model.lengths);
  assert.equal(row.length, model.segments.length);
  const visited: [Segment, number, number][] = [];
  row.forEach((segment, start, index) => visited.push([segment, start, index]));
  assert.deepEqual(
    visited,
    model.segments.map((segment, index) => [segment, starts[index], index]),
  );
  model.segments.forEach((segment, index) => {
    assert.equal(row.segment(index), segment);
    assert.equal(row.start(index), starts[index]);
  });
  const diagnosed: number[] = [];
  row.forEachDiagnosed((segment, start, index) => {
    assert.equal(segment, model.segments[index]);
    assert.equal(start, starts[index]);
    diagnosed.push(index);
  });
  assert.deepEqual(
    diagnosed,
    model.segments.flatMap((segment, index) => (segment.diagnostics().length > 0 ? [index] : [])),
  );
  assert.equal(
    row.hasRule(),
    model.segments.some((segment) => segment.kind === 'rule'),
  );
  const end = (starts[starts.length - 1] ?? 0) + 2;
  for (let offset = 0; offset <= end; offset++)
    for (const orAt of [false, true]) {
      const expected = starts.reduce(
        (found, start, index) => (start < offset || (orAt && start === offset) ? index : found),
        0,
      );
      assert.equal(row.lastStartingBefore(offset, orAt), expected, `${offset} ${orAt}`);
    }
}

describe('a row of segments in blocks', () => {
  it('reads as a plain array after random replacements', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(POOL.length - 1), fc.integer({ min: 1, max: 9 })), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.constantFrom(1, 2, 3, 4, 8),
        fc.array(replacement, { maxLength: 8 }),
        (initial, blockSize, replacements) => {
          let model: Model = {
            segments: initial.map(([pick]) => POOL[pick] as Segment),
            lengths: initial.map(([, length]) => length),
          };
          let row = SegmentRow.of(model.segments, startsOf(model.lengths), blockSize);
          assertRowIs(row, model);
          for (const { at, removed, inserted } of replacements) {
            const first = at % model.segments.length;
            const last = Math.min(model.segments.length - 1, first + removed);
            const starts = startsOf(model.lengths);
            const fresh = inserted.map(([pick]) => POOL[pick] as Segment);
            const lengths = inserted.map(([, length]) => length);
            const freshStarts = startsOf(lengths).map((start) => start + (starts[first] as number));
            const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
            const delta = sum(lengths) - sum(model.lengths.slice(first, last + 1));
            row = row.replaced(first, last, fresh, freshStarts, delta);
            model = {
              segments: [
                ...model.segments.slice(0, first),
                ...fresh,
                ...model.segments.slice(last + 1),
              ],
              lengths: [
                ...model.lengths.slice(0, first),
                ...lengths,
                ...model.lengths.slice(last + 1),
              ],
            };
            assertRowIs(row, model);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('shares the blocks a replacement does not touch', () => {
    const segments = Array.from(
      { length: 2000 },
      (_, index) => POOL[index % POOL.length] as Segment,
    );
    const row = SegmentRow.of(
      segments,
      segments.map((_, index) => index * 10),
    );
    const replaced = row.replaced(1000, 1000, [POOL[0] as Segment], [10_000], 0);
    // A diagnosed segment far from the replacement is the same object, found in the same place.
    const far: [Segment, number][] = [];
    const farAfter: [Segment, number][] = [];
    row.forEachDiagnosed((segment, start, index) => index < 10 && far.push([segment, start]));
    replaced.forEachDiagnosed(
      (segment, start, index) => index < 10 && farAfter.push([segment, start]),
    );
    assert.ok(far.length > 0 && far.length < 10, 'some segments have diagnostics, some not');
    assert.deepEqual(farAfter, far);
    assert.equal(replaced.segment(1000), POOL[0]);
    assert.equal(replaced.start(1999), 19_990);
  });
});
