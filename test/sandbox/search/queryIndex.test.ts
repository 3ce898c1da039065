// The sandbox's index must return exactly what the matcher returns document by document: the
// property is checked on random queries over random documents, and on every index path by hand.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { MatchableDocument } from '../../../core/query/document';
import { forEachWord, tokenize } from '../../../core/query/normalize';
import { parseQuery } from '../../../core/query/parser';
import { Bitset } from '../../../sandbox/search/bitset';
import { knownWordsDisagree, postingsOf, QueryIndex } from '../../../sandbox/search/queryIndex';
import { documents, query } from '../../core/query/support/arbitraries';

/** Random documents with the numeric and keyword fields the index has postings for. */
const richDocuments = fc
  .tuple(documents, fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 40, maxLength: 40 }))
  .map(([docs, numbers]) =>
    docs.map((doc, index): MatchableDocument => ({
      ...doc,
      published: 1_700_000_000_000 + (numbers[index] ?? 0) * 60_000,
      engagement: numbers[index] ?? 0,
      flags: index % 3 === 0 ? ['retweet'] : [],
      tags_internal: index % 4 === 0 ? ['t1'] : [],
      extra_author_attributes: { gender: index % 2 === 0 ? 'FEMALE' : 'MALE' },
    })),
  );

const FIELD_QUERIES = [
  'lang:en',
  'lang:fr -acme',
  'sourcetype:ONLINENEWS',
  'sourcetype:ONLINENEWS_NEWSPAPER OR is:retweet',
  'published:>1700000030000',
  'engagement:<=500 AND NOT tag:t1',
  'engagement:250',
  'gender:female rocket',
  'NOT (acme OR rocket)',
  'acm* OR rocke~1',
  '"acme rocket" OR acme NEAR/2 anvil',
  'title:acme',
  'road-runner OR roadrunner~',
  '+"Acme" OR ++"ACME"',
];

/** Queries that share their inexact leaves, each in other contexts, or a random query. */
const seriesQuery = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('"acme rocket"', '"rocket anvil"~2', 'title:acme', '+acme', 'road-runner~'),
      fc.constantFrom('', 'lang:en', '-is:retweet', 'engagement:>500', 'NOT magnet', 'OR coyote'),
    )
    .map(([leaf, context]) => `${leaf} ${context}`.trim()),
  query,
);

function indexOf(docs: readonly MatchableDocument[]): QueryIndex {
  const index = new QueryIndex();
  for (const doc of docs) index.add(doc);
  return index;
}

describe('the sandbox query index', () => {
  it('returns exactly what the matcher returns, on random queries and documents', () => {
    fc.assert(
      fc.property(query, richDocuments, (text, docs) => {
        const index = indexOf(docs);
        const parsed = parseQuery(text).query;
        assert.deepEqual(index.search(parsed), index.scan(parsed), text);
      }),
      { numRuns: 400 },
    );
  });

  it('returns exactly what the matcher returns for every field and operator path', () => {
    fc.assert(
      fc.property(richDocuments, (docs) => {
        const index = indexOf(docs);
        for (const text of FIELD_QUERIES) {
          const parsed = parseQuery(text).query;
          assert.deepEqual(index.search(parsed), index.scan(parsed), text);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('returns what the matcher returns for a series of queries on one index, as it grows', () => {
    // The index keeps sets and the matcher's verdicts between searches (until it changes): the
    // same phrases recur in other contexts, and documents arrive between the searches.
    fc.assert(
      fc.property(
        fc.array(fc.tuple(seriesQuery, fc.boolean()), { minLength: 2, maxLength: 12 }),
        richDocuments,
        (series, docs) => {
          const index = indexOf(docs.slice(0, 30));
          let next = 30;
          for (const [text, grow] of series) {
            const parsed = parseQuery(text).query;
            assert.deepEqual(index.search(parsed), index.scan(parsed), text);
            assert.deepEqual(index.search(parsed), index.scan(parsed), `${text}, again`);
            const document = docs[next];
            if (grow && document) {
              index.add(document);
              next += 1;
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps documents added after queries searchable', () => {
    const index = indexOf([{ title: 'acme' }]);
    assert.deepEqual(index.search(parseQuery('acme').query), [0]);
    index.add({ title: 'acme rocket', engagement: 7 });
    assert.deepEqual(index.search(parseQuery('acme').query), [0, 1]);
    assert.deepEqual(index.search(parseQuery('engagement:>5').query), [1]);
  });
});

describe('indexing words', () => {
  it('visits exactly the words tokenize gives, in order, on any text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom(..."aÉ1 -’'#@.ー日😀\uFE0F\u200D") }),
    );
    fc.assert(
      fc.property(text, (sample) => {
        const visited: string[] = [];
        forEachWord(sample, (word) => visited.push(word));
        assert.deepEqual(visited, tokenize(sample));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('indexing known words', () => {
  const known = (doc: MatchableDocument) => ({
    title: tokenize(doc.title ?? ''),
    content: tokenize(doc.content ?? ''),
  });

  it('posts what analysing the text posts, for the corpus and for later additions', () => {
    fc.assert(
      fc.property(richDocuments, (docs) => {
        const analysed = indexOf(docs);
        const half = Math.floor(docs.length / 2);
        const first = docs.slice(0, half);
        const index = new QueryIndex();
        index.addIndexed(
          first,
          postingsOf(first, (number) => known(first[number] ?? {})),
        );
        for (const doc of docs.slice(half)) index.add(doc, known(doc));
        assert.deepEqual(index.postingLists(), analysed.postingLists());
      }),
      { numRuns: 100 },
    );
  });

  it('says where known words are not what analysis finds', () => {
    const doc = { title: 'Acme rocket-skates', content: 'the #launch' };
    assert.equal(knownWordsDisagree(doc, known(doc)), undefined);
    assert.match(
      knownWordsDisagree(doc, { ...known(doc), content: ['the', 'launch'] }) ?? '',
      /^content "the #launch"/,
    );
  });
});

describe('Bitset', () => {
  it('lists its members in increasing order, as a typed array too', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat({ max: 199 })), (members) => {
        const set = Bitset.of(200, members);
        const sorted = [...members].sort((a, b) => a - b);
        assert.deepEqual([...set.members()], sorted);
        assert.deepEqual(Array.from(set.toArray()), sorted);
        // Into a buffer of the set's size, of just its members' count, or too small (a new one).
        for (const room of [200, sorted.length, Math.max(0, sorted.length - 1)]) {
          const into = new Uint32Array(room).fill(7);
          const listed = set.toArray(into);
          assert.deepEqual(Array.from(listed), sorted);
          assert.equal(listed.buffer === into.buffer, room >= sorted.length);
        }
      }),
    );
  });

  it('combines, complements within its size and counts', () => {
    const a = Bitset.of(70, [0, 5, 33, 69]);
    const b = Bitset.of(70, [5, 40]);
    assert.deepEqual([...a.and(b).members()], [5]);
    assert.deepEqual([...a.or(b).members()], [0, 5, 33, 40, 69]);
    assert.equal(a.not().count(), 66);
    assert.equal(Bitset.all(70).count(), 70);
    assert.ok(!a.not().has(69) && a.not().has(68));
  });
});

describe('hits into a buffer', () => {
  it('lists what search lists, in the buffer given when it has room', () => {
    const index = new QueryIndex();
    ['acme one', 'globex two', 'acme globex', 'nothing'].forEach((title) => index.add({ title }));
    const query = parseQuery('acme OR globex').query;
    const into = new Uint32Array(10);
    const hits = index.hits(query, into);
    assert.deepEqual(Array.from(hits), index.search(query));
    assert.deepEqual(Array.from(hits), [0, 1, 2]);
    assert.equal(hits.buffer, into.buffer);
    index.remove(1);
    assert.deepEqual(Array.from(index.hits(query, into)), [0, 2]);
  });
});

describe('removing documents from the index', () => {
  it('never returns a removed document, by index or by scan', () => {
    const index = new QueryIndex();
    index.add({ title: 'acme one' });
    index.add({ title: 'acme two' });
    index.remove(0);
    index.add({ title: 'acme three' });
    for (const text of ['acme', 'NOT rocket', '"acme two" OR "acme one"']) {
      const parsed = parseQuery(text).query;
      assert.deepEqual(index.search(parsed), index.scan(parsed), text);
      assert.ok(!index.search(parsed).includes(0), text);
    }
  });
});
