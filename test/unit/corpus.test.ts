// The synthetic corpus: deterministic, shaped like real coverage, and valid per the API contract.
import assert from 'node:assert/strict';
import { DocumentData } from '../../core/api/schemas/document';
import { matches } from '../../core/query/matcher';
import { parseQuery } from '../../core/query/parser';
import { CorpusGenerator } from '../../sandbox/corpus/generate';
import { SOURCE_TYPES } from '../../sandbox/corpus/vocabulary';

const NOW = Date.UTC(2026, 10, 22, 12);
const DAY = 86_400_000;
const corpus = new CorpusGenerator(42, NOW).corpus(10_000);

describe('the synthetic corpus', () => {
  it('is the same for the same seed and differs for another', () => {
    assert.deepEqual(new CorpusGenerator(42, NOW).corpus(50), corpus.slice(0, 50));
    assert.notDeepEqual(new CorpusGenerator(43, NOW).corpus(50), corpus.slice(0, 50));
  });

  it('spans the 30 days before now', () => {
    const times = corpus.map((document) => document.published ?? 0);
    assert.ok(Math.min(...times) >= NOW - 30 * DAY && Math.max(...times) <= NOW);
    assert.ok(Math.max(...times) - Math.min(...times) > 28 * DAY);
  });

  it('has every source type, many languages and countries with regions and cities', () => {
    const types = new Set(corpus.map((document) => document.source_type?.join('/')));
    assert.equal(types.size, SOURCE_TYPES.length);
    assert.ok(new Set(corpus.map((document) => document.lang)).size >= 8);
    const places = new Set(
      corpus.map(
        (document) =>
          `${document.extra_source_attributes?.world_data?.country_code}/${document.extra_source_attributes?.world_data?.city}`,
      ),
    );
    assert.ok(places.size >= 20);
  });

  it('is busier in the afternoon than at night, and on weekdays than at weekends', () => {
    const hour = (h: number) =>
      corpus.filter((document) => new Date(document.published ?? 0).getUTCHours() === h).length;
    assert.ok(hour(14) > 2 * hour(3), `${hour(14)} vs ${hour(3)}`);
    const weekend =
      corpus.filter((document) => [0, 6].includes(new Date(document.published ?? 0).getUTCDay()))
        .length / 2;
    const weekday =
      corpus.filter((document) => ![0, 6].includes(new Date(document.published ?? 0).getUTCDay()))
        .length / 5;
    assert.ok(weekday > weekend * 1.3, `${weekday} vs ${weekend}`);
  });

  it('has heavy-tailed engagement: the top 1% of documents hold a large share', () => {
    const engagement = corpus.map((document) => document.engagement ?? 0).sort((a, b) => b - a);
    const total = engagement.reduce((sum, value) => sum + value, 0);
    const top = engagement.slice(0, engagement.length / 100).reduce((sum, value) => sum + value, 0);
    assert.ok(top / total > 0.15, String(top / total));
  });

  it('gives every document the fields of the API contract', () => {
    for (const document of corpus.slice(0, 2000)) DocumentData.parse(document);
  });

  it('lets realistic monitoring queries match sensible shares', () => {
    for (const query of [
      'acme',
      'acme AND (recalls OR lawsuit)',
      '"rocket skates"',
      'sourcetype:SOCIALMEDIA_TWITTER',
      'lang:de',
      '#acme*',
    ]) {
      const node = parseQuery(query).query;
      const share = corpus.filter((document) => matches(node, document)).length / corpus.length;
      assert.ok(share > 0.005 && share < 0.5, `${query}: ${share}`);
    }
  });
});
