// Histograms counted from columns (sandbox/analytics/columns.ts) answer exactly what a plain
// computation over the documents answers (support/histogramOracle.ts): on generated corpora with
// odd documents added (fields missing or not numbers), some replaced and deleted, arrivals after
// the columns were first read; for every histogram type, every interval, empty buckets, random
// queries and parameters; a refusal is the same refusal.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GLOBAL_DAYS } from '../../../core/api/histogramRules';
import {
  CALENDAR_INTERVALS,
  HISTOGRAM_TYPES,
  NUMERIC_TYPES,
} from '../../../core/api/schemas/histogram';
import type { HistogramResult } from '../../../core/api/schemas/histogram';
import type { QueryNode } from '../../../core/query/ast';
import { parseQuery } from '../../../core/query/parser';
import type { AnalyticsDocument } from '../../../sandbox/analytics/documentFields';
import { computeHistogram } from '../../../sandbox/analytics/histogram';
import { KeyIdColumn } from '../../../sandbox/analytics/keyIds';
import { CorpusGenerator } from '../../../sandbox/corpus/generate';
import { publishedSince } from '../../../sandbox/routes/histograms';
import { DocumentStore } from '../../../sandbox/store';
import { histogramOfDocuments, refusal } from './support/histogramOracle';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 15, 45, 12);

/** Documents the generator never makes: fields missing, or not numbers, or far out of range. */
function oddDocuments(at: number): AnalyticsDocument[] {
  return [
    { title: 'acme without any date or metric' },
    { title: 'acme', content: 'globex', published: 'yesterday' as unknown as number },
    { title: 'acme globex', reach: null as unknown as number, engagement: -0, cluster_id: 'odd' },
    { title: 'acme', published: at - 45 * DAY, search_indexed: at - 45 * DAY, cluster_id: 'odd' },
    { title: 'globex', published: at, search_indexed: at, reach: Infinity, engagement: 2.5 },
    {
      title: 'acme #launch',
      content: 'globex 🚀 #launch',
      published: at - 3 * DAY,
      search_indexed: at - 3 * DAY,
      sentiment: -2,
      source_type: ['BLOG_PERSONAL', 'BLOG'],
      cluster_id: 7 as unknown as string,
      extra_source_attributes: { world_data: { country_code: 'fr', region: 'Île', city: 'Paris' } },
      article_extended_attributes: { num_comments: 12, netA_shares: 3 },
    },
  ];
}

interface Corpus {
  readonly store: DocumentStore;
  /** A breakdown of the project's kind (topic), by document: its number's residue. */
  readonly topicOf: (document: AnalyticsDocument) => readonly string[];
}

/**
 * A generated corpus with odd documents, some documents replaced or deleted, and arrivals after
 * every column was read once: the columns must catch up with what came later.
 */
function corpus(seed: number, count: number): Corpus {
  const store = new DocumentStore();
  const generator = new CorpusGenerator(seed, NOW);
  for (const document of generator.corpus(count)) store.add(document);
  for (const document of oddDocuments(NOW)) store.add(document);
  for (const type of HISTOGRAM_TYPES) {
    computeHistogram(
      type,
      store.index.hits(parseQuery('acme').query),
      {},
      {
        now: NOW,
        columns: store.columns,
      },
    );
  }
  for (let number = 0; number < count; number += 7) store.index.remove(number);
  for (let number = 3; number < count; number += 50) store.add(store.document(number));
  for (let index = 0; index < 20; index++) store.add(generator.live(NOW - index * 3_600_000));
  for (const document of oddDocuments(NOW - DAY)) store.add(document);
  const topics = new WeakMap<AnalyticsDocument, string[]>();
  store.index.documents.forEach((document, number) =>
    topics.set(document, number % 5 === 0 ? [] : [`t${number % 3}`, `t${number % 4}`]),
  );
  return { store, topicOf: (document) => topics.get(document) ?? [] };
}

const QUERIES = [
  'acme',
  'acme OR globex',
  'globex AND NOT acme',
  'lang:en OR lang:de',
  '"acme corp" OR initech',
  'zzzzz',
  'NOT zzzzz',
];

/** The column-based answer, as the global histogram endpoint computes it, or its refusal. */
function fromColumns(
  { store, topicOf }: Corpus,
  query: QueryNode | null,
  type: string,
  parameters: Readonly<Record<string, string>>,
): HistogramResult | string {
  const hits = publishedSince(
    store.index.hits(query),
    store.columns.time('published'),
    NOW - GLOBAL_DAYS * DAY,
  );
  try {
    return computeHistogram(type, hits, parameters, {
      now: NOW,
      columns: store.columns,
      projectBreakdowns: {
        topic: new KeyIdColumn((number) => topicOf(store.document(number))),
      },
    });
  } catch (error: unknown) {
    return refusal(error);
  }
}

/** The same from the documents: the matcher over every one, the window, the plain counts. */
function fromDocuments(
  { store, topicOf }: Corpus,
  query: QueryNode | null,
  type: string,
  parameters: Readonly<Record<string, string>>,
): HistogramResult | string {
  const oldest = NOW - GLOBAL_DAYS * DAY;
  const documents = store.index
    .scan(query)
    .map((number) => store.document(number))
    .filter((document) => typeof document.published !== 'number' || document.published >= oldest);
  try {
    return histogramOfDocuments(type, documents, parameters, {
      now: NOW,
      all: store.index.documents,
      projectBreakdowns: { topic: topicOf },
    });
  } catch (error: unknown) {
    return refusal(error);
  }
}

function assertSame(
  corpus: Corpus,
  text: string,
  type: string,
  parameters: Readonly<Record<string, string>>,
): void {
  const query = parseQuery(text).query;
  assert.deepEqual(
    fromColumns(corpus, query, type, parameters),
    fromDocuments(corpus, query, type, parameters),
    `${type} of ${text} with ${JSON.stringify(parameters)}`,
  );
}

/** A range of each calendar unit that stays within 400 buckets, ending now. */
const RANGE_OF: Readonly<Record<(typeof CALENDAR_INTERVALS)[number], string>> = {
  second: '5m',
  minute: '6h',
  hour: '16d',
  day: '1M',
  week: '40w',
  month: '12M',
  quarter: '60M',
  year: '400d',
};

describe('histograms counted from columns', function () {
  this.timeout(120_000);
  let corpora: Corpus[];
  before(() => {
    corpora = [corpus(7, 600), corpus(1234, 300)];
  });

  it('answer what the documents give, for every type and every interval, empty buckets included', () => {
    const [first] = corpora;
    assert.ok(first);
    for (const type of HISTOGRAM_TYPES) assertSame(first, 'acme OR globex', type, {});
    for (const interval of CALENDAR_INTERVALS) {
      for (const type of ['published', 'search_indexed']) {
        assertSame(first, 'acme OR globex', type, { interval, time_range: RANGE_OF[interval] });
        assertSame(first, 'NOT zzzzz', type, {
          interval,
          time_range: RANGE_OF[interval],
          value_type: 'engagement',
          breakdown: 'sentiment',
        });
      }
    }
    for (const interval of ['10s', '30m', '12h', '1d', '5d', '2w'])
      assertSame(first, 'acme', 'published', { interval, time_range: '30d', breakdown: 'topic' });
    // Long before the corpus: every bucket is empty.
    assertSame(first, 'acme', 'published', {
      min: String(NOW - 400 * DAY),
      max: String(NOW - 300 * DAY),
      interval: 'day',
      value_type: 'reach',
    });
    for (const type of NUMERIC_TYPES) {
      assertSame(first, 'NOT zzzzz', type, {});
      assertSame(first, 'acme', type, { min: '-5', max: '60', interval: '3' });
    }
  });

  it('answer what the documents give, on random queries and parameters', () => {
    const times = fc.record(
      {
        interval: fc.constantFrom(...CALENDAR_INTERVALS, '10s', '30m', '12h', '1d', '5d', '2w'),
        time_range: fc.constantFrom('5m', '6h', '2d', '16d', '30d', '1M', '40w'),
        timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata', 'America/New_York'),
        breakdown: fc.constantFrom('sentiment', 'sourcetype', 'country', 'topic', 'channel'),
        value_type: fc.constantFrom(...NUMERIC_TYPES),
        min_include: fc.constantFrom('true', 'false'),
        max_include: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: [] },
    );
    const numbers = fc.record(
      {
        min: fc.integer({ min: -10, max: 5000 }).map(String),
        max: fc.integer({ min: -10, max: 100_000 }).map(String),
        interval: fc.integer({ min: 1, max: 5000 }).map(String),
        min_include: fc.constantFrom('true', 'false'),
        max_include: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: [] },
    );
    const topN = fc.record({ top_n: fc.integer({ min: 1, max: 100 }).map(String) });
    const request = fc.oneof(
      fc.tuple(fc.constantFrom('published', 'search_indexed'), times),
      fc.tuple(fc.constantFrom(...NUMERIC_TYPES), numbers),
      fc.tuple(fc.constantFrom(...HISTOGRAM_TYPES), topN),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: corpora.length - 1 }),
        fc.constantFrom(...QUERIES),
        request,
        (which, text, [type, parameters]) => {
          const chosen = corpora[which];
          assert.ok(chosen);
          assertSame(chosen, text, type, parameters);
        },
      ),
      { numRuns: 250 },
    );
  });
});
