// One test per matching rule of spec §5 and per field family.
import assert from 'node:assert/strict';
import type { MatchableDocument } from '../../../core/query/document';
import { highlight, matches } from '../../../core/query/matcher';
import { analyzeText, tokenize } from '../../../core/query/normalize';
import { parseQuery } from '../../../core/query/parser';
import fc from 'fast-check';
import { document, query } from './support/arbitraries';
import { referenceMarked, referenceMatches } from './support/referenceMatcher';

const DOCUMENT: MatchableDocument = {
  title: "L'Oréal launches car-sharing app",
  content:
    'Obama met Merkel in Berlin. The #GDL event was great! マイクロソフトの新製品 🚀 launched with @acme',
  lang: 'fr',
  source_type: ['ONLINENEWS', 'ONLINENEWS_NEWSPAPER'],
  post_type: ['TEXT'],
  sentiment: -2,
  published: 1_700_000_000_000,
  engagement: 120,
  score: 7,
  url: 'https://www.example.com/news/1',
  domain_url: 'example.com',
  host_url: 'news.example.com',
  tokens_mention: ['@acme'],
  images: [{ url: 'https://example.com/a.png' }],
  tags_internal: ['t1'],
  extra_author_attributes: {
    id: 'netA:42',
    name: 'Jane Doe',
    gender: 'FEMALE',
    short_name: 'JaneD',
  },
  extra_source_attributes: { id: 'netB:7', world_data: { country_code: 'DE' } },
  flags: ['retweet'],
  custom: { rating: 4, store: 'Berlin' },
};

function check(query: string, expected: boolean, document: MatchableDocument = DOCUMENT): void {
  assert.equal(matches(parseQuery(query).query, document), expected, query);
}

describe('matching (spec §5)', () => {
  it('normalises by NFKD, removes accents, folds case', () => {
    assert.deepEqual(tokenize("L'ORÉAL Ærø"), [
      "l'oreal",
      'ærø'.normalize('NFKD').replace(/\p{M}/gu, ''),
    ]);
    check("l'oreal", true);
    check('LAUNCHES', true);
  });
  it('keeps hashtags, mentions, inner apostrophes and hyphens in words', () => {
    assert.deepEqual(tokenize('#GDL @acme car-sharing l’oréal -x'), [
      '#gdl',
      '@acme',
      'car-sharing',
      "l'oreal",
      'x',
    ]);
    check('#gdl', true);
    check('gdl', false);
    check('@acme', true);
  });
  it('splits spaceless scripts into characters so a Japanese term matches inside a run', () => {
    check('マイクロソフト', true);
    check('グーグル', false);
  });
  it('keeps the long-vowel mark ー inside Japanese words', () => {
    const recall: MatchableDocument = { content: 'アクメがリコールを発表' };
    check('リコール', true, recall);
    check('"リコール 発表"~3', true, recall);
  });
  it('matches an emoji as a word', () => {
    check('🚀', true);
    check('🎉', false);
  });
  it('matches wildcards by pattern over words', () => {
    check('launch*', true);
    check('ber?in', true);
    check('berl?', false);
  });
  it('matches fuzzy terms within N changed characters', () => {
    check('merkle~1', true);
    check('merkle~0', false);
    check('roam~1', false);
  });
  it('matches compounds written together, hyphenated or spaced', () => {
    check('carsharing~', true);
    check('"car sharing"~', true);
    check('carsharing', false);
  });
  it('matches phrases as consecutive words in one field', () => {
    check('"met merkel"', true);
    check('"merkel met"', false);
    check('"app obama"', false);
  });
  it('matches "a b"~N with at most N words between, any order', () => {
    check('"obama merkel"~1', true);
    check('"merkel obama"~1', true);
    check('"obama berlin"~2', false);
    check('"obama berlin"~3', true);
  });
  it('matches NEAR/N and ONEAR/N with at most N words between', () => {
    check('obama NEAR/1 merkel', true);
    check('merkel NEAR/1 obama', true);
    check('merkel ONEAR/1 obama', false);
    check('obama NEAR/0 merkel', false);
    check('(trump OR obama) NEAR/3 (macron OR merkel)', true);
  });
  it('matches SENTENCE and OSENTENCE within one sentence', () => {
    check('obama SENTENCE berlin', true);
    check('obama SENTENCE event', false);
    check('berlin OSENTENCE obama', false);
  });
  it('matches +x ignoring case but not accents, ++x respecting case', () => {
    check('+"l\'oréal"', true);
    check('+"l\'oreal"', false);
    check('++"L\'Oréal"', true);
    check('++"l\'oréal"', false);
  });
  it('combines with AND, OR, NOT and implicit AND', () => {
    check('obama merkel', true);
    check('obama -merkel', false);
    check('NOT trump', true);
    check('trump OR merkel', true);
    check('(trump OR merkel) AND NOT berlin', false);
  });
  it('restricts title: and content: to their field', () => {
    check('title:merkel', false);
    check('content:merkel', true);
    check('title:"car-sharing app"', true);
  });
  it('matches keyword, numeric and address fields', () => {
    check('lang:fr', true);
    check('lang:en', false);
    check('lang:en', true, { title: 'x' });
    check('sourcetype:ONLINENEWS', true);
    check('sourcetype:BLOG', false);
    check('sentiment:negative', true);
    check('gender:female', true);
    check('sourcecountry:de', true);
    check('published:>1600000000000 published:<1800000000000', true);
    check('engagement:>=121', false);
    check('score:7', true);
    check('site:example.com/news', true);
    check('url:"https://example.com/other"', false);
    check('domainurl:example.com', true);
    check('hosturl:news.example.com', true);
    check('mention:@ACME', true);
    check('hashtag:#gdl', true);
    check('author:"jane doe"', true);
    check('authorshort:janed', false);
    check('authorshort:JaneD', true);
    check('author_id:"netA:42"', true);
    check('is:retweet contains:image tag:t1 posttype:TEXT', true);
    check('custom.rating:>3 custom.store:berlin', true);
    check('nosuchfield:x', false);
  });
  it('highlights matched words of positive parts only', () => {
    const snippets = highlight(
      [parseQuery('obama NEAR/2 merkel OR "car sharing"~ -berlin').query],
      DOCUMENT,
    );
    assert.equal(snippets.title_snippet, "L'Oréal launches <b>car-sharing</b> app");
    assert.match(snippets.content_snippet, /^<b>Obama<\/b> met <b>Merkel<\/b> in Berlin\./);
  });
  it('numbers sentences and keeps word offsets', () => {
    const text = analyzeText('One two. Three!');
    assert.deepEqual(text.sentences, [0, 0, 1]);
    assert.deepEqual([text.starts[2], text.ends[2]], [9, 14]);
  });
});

// The matcher (compiled queries, word lookups, early exits) against a straightforward reference
// evaluation (support/referenceMatcher.ts) on generated queries and documents: the same answer
// for every pair, and the same words highlighted.
/** Documents with the flags, tags, authors and numbers the extra field clauses read. */
const richDocument: fc.Arbitrary<MatchableDocument> = fc
  .tuple(
    document,
    fc.integer({ min: 0, max: 20 }),
    fc.subarray(['retweet', 'comment']),
    fc.constantFrom('FEMALE', 'MALE', undefined),
    fc.constantFrom('Acme. Rocket! anvil? road', 'magnet-coyote ACME rocket.', ''),
  )
  .map(([base, engagement, flags, gender, sentences]) => ({
    ...base,
    content: `${base.content ?? ''} ${sentences}`,
    engagement,
    flags,
    tags_internal: engagement % 2 === 0 ? ['t1'] : [],
    ...(gender ? { extra_author_attributes: { gender } } : {}),
  }));

const extraClause = fc.constantFrom(
  'engagement:>10',
  'engagement:<=4',
  '-is:retweet',
  'tag:t1',
  'gender:female',
  'published:>0',
  'title:"acme rocket"',
  'content:ro*',
  'acme SENTENCE rocket',
  'rocket OSENTENCE anvil',
  '"road-runner"~',
  'roadrunner~',
  '"acme acme"',
  '"rocket anvil magnet"~2',
);

/** A generated query, sometimes with a field or proximity clause ANDed or ORed to it. */
const anyQuery = fc
  .tuple(query, fc.option(extraClause), fc.constantFrom(' ', ' OR ', ' AND NOT '))
  .map(([text, extra, joint]) => (extra ? `(${text})${joint}${extra}` : text));

function snippet(text: string, marked: readonly number[]): string {
  const { starts, ends } = analyzeText(text);
  let output = '';
  let cursor = 0;
  for (const index of marked) {
    const start = starts[index] ?? 0;
    const end = ends[index] ?? 0;
    output += `${text.slice(cursor, start)}<b>${text.slice(start, end)}</b>`;
    cursor = end;
  }
  return output + text.slice(cursor);
}

describe('the matcher against a straightforward reference evaluation', () => {
  it('gives the same answer for every generated query and document', () => {
    fc.assert(
      fc.property(
        anyQuery,
        fc.array(richDocument, { minLength: 20, maxLength: 20 }),
        (text, docs) => {
          const parsed = parseQuery(text).query;
          for (const doc of docs)
            assert.equal(
              matches(parsed, doc),
              referenceMatches(parsed, doc),
              `${text} on ${JSON.stringify(doc)}`,
            );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches a good share of the generated pairs, so that both answers are tested', () => {
    let matched = 0;
    let total = 0;
    fc.assert(
      fc.property(anyQuery, richDocument, (text, doc) => {
        total += 1;
        if (referenceMatches(parseQuery(text).query, doc)) matched += 1;
      }),
      { numRuns: 2000, seed: 22 },
    );
    assert.ok(matched > total * 0.15 && matched < total * 0.85, `${matched} of ${total}`);
  });

  it('highlights the words the reference finds in the positive parts', () => {
    fc.assert(
      fc.property(anyQuery, richDocument, (text, doc) => {
        const parsed = parseQuery(text).query;
        const marked = referenceMarked(parsed, doc);
        assert.deepEqual(highlight([parsed], doc), {
          title_snippet: snippet(doc.title ?? '', marked.title),
          content_snippet: snippet(doc.content ?? '', marked.content),
        });
      }),
      { numRuns: 600 },
    );
  });
});
