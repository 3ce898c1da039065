// The matcher (compiled queries, word lookups, early exits) against a straightforward reference
// evaluation (support/referenceMatcher.ts) on generated queries and documents: the same answer
// for every pair, and the same words highlighted.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { MatchableDocument } from '../../core/query/document';
import { highlight, matches } from '../../core/query/matcher';
import { analyzeText } from '../../core/query/normalize';
import { parseQuery } from '../../core/query/parser';
import { document, query } from './support/arbitraries';
import { referenceMarked, referenceMatches } from './support/referenceMatcher';

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
