// Query evaluation over the sandbox's corpus, 100,000 documents: the matcher document by
// document and the index, beside the floor of a plain JavaScript scan (plainScan.ts) giving the
// same hits, in interleaved rounds of one run. Targets: the matcher within 2× of the
// plain scan, the index at least 100× faster than it.
import { parseQuery } from '../../core/query/parser';
import { CorpusGenerator } from '../../sandbox/corpus/generate';
import { QueryIndex } from '../../sandbox/search/queryIndex';
import { DocumentStore } from '../../sandbox/store';
import { measureInterleaved } from './measure';
import { plainScan, tokenised, twentyOperands } from './plainScan';
import { TWENTY_OPERANDS } from './sandbox';
import { ms, perSecond, timedRow, type Row, type Suite } from './suite';

const DOCUMENTS = 100_000;

function sameHits(name: string, hits: readonly number[], expected: readonly number[]): void {
  if (hits.length !== expected.length || hits.some((hit, index) => hit !== expected[index]))
    throw new Error(`${name} gives ${hits.length} hits, the plain scan ${expected.length}`);
}

export const search: Suite = {
  name: 'search',
  description:
    'the 20-operand query over 100,000 documents: the matcher (≤ 2×) and the index (≥ 100× faster) beside a plain JS scan',
  run({ quick }) {
    const store = new DocumentStore();
    for (const document of new CorpusGenerator(42, Date.now()).corpus(DOCUMENTS))
      store.add(document);
    const plain = store.index.documents.map(tokenised);
    const query = parseQuery(TWENTY_OPERANDS).query;
    const expected = plainScan(plain, twentyOperands);
    // The matcher's first pass analyses every document's text (kept per document afterwards),
    // as the plain scan's documents were tokenised before: that pass is not timed.
    sameHits('the matcher', store.index.scan(query), expected);
    sameHits('the index', store.index.search(query), expected);
    // The index keeps sets and the matcher's verdicts for the next searches, until it changes:
    // a second index over the same documents, told before each search that it changed (its
    // version), shows a query's first search (documents' texts analysed before, as the plain
    // scan's were tokenised; numbers sorted for ranges once, as after any addition).
    const fresh = new QueryIndex();
    fresh.addIndexed(store.index.documents, store.index.postingLists());
    sameHits('a fresh index', fresh.search(query), expected);
    const timings = measureInterleaved(
      {
        floor: { run: () => plainScan(plain, twentyOperands) },
        matcher: { run: () => store.index.scan(query) },
        index: { run: () => store.index.search(query), repeat: 20 },
        firstSearch: {
          setup: () => {
            fresh.version += 1;
          },
          run: () => fresh.search(query),
          repeat: 5,
        },
      },
      quick ? 3 : 9,
    );
    const hits = `${expected.length.toLocaleString('en')} hits`;
    const matcherRatio = timings.matcher.median / timings.floor.median;
    const indexSpeedup = timings.floor.median / timings.index.median;
    const rows: Row[] = [
      timedRow(
        `plain JS scan over pre-tokenised word sets, 20-operand query, 100k documents (${hits}; the floor)`,
        timings.floor,
      ),
      {
        ...timedRow('the matcher (core/query/matcher.ts), document by document, same hits', {
          ...timings.matcher,
        }),
        floor: ms(timings.floor.median),
        ratio: `${matcherRatio.toFixed(2)}×`,
        target: '≤ 2× the plain scan',
        verdict: matcherRatio <= 2 ? 'PASS' : 'MISS',
      },
      {
        name: 'the index (sandbox/search/queryIndex.ts), same hits, the query searched again',
        result: ms(timings.index.median),
        p95: ms(timings.index.p95),
        opsPerSecond: perSecond(timings.index.opsPerSecond),
        floor: ms(timings.floor.median),
        ratio: `${indexSpeedup.toFixed(0)}× faster`,
        target: '≥ 100× faster than the plain scan',
        verdict: indexSpeedup >= 100 ? 'PASS' : 'MISS',
      },
      {
        name: 'the index, first search of the query (nothing kept from earlier searches)',
        result: ms(timings.firstSearch.median),
        p95: ms(timings.firstSearch.p95),
        opsPerSecond: perSecond(timings.firstSearch.opsPerSecond),
        floor: ms(timings.floor.median),
        ratio: `${(timings.floor.median / timings.firstSearch.median).toFixed(0)}× faster`,
      },
    ];
    return rows;
  },
};
