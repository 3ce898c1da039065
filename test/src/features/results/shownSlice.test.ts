// "Add as a new rule" from a drill-down: whatever a key holds, the rule added to the file is one
// rule whose clause is the key as one literal; and the extension acts only on keys the panel was
// shown.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { QueryNode } from '../../../../core/query/ast';
import { drillClause, narrowed } from '../../../../core/query/drill';
import { parseFile } from '../../../../core/query/file';
import { oneLine } from '../../../../core/text/controls';
import type { View } from '../../../../media/results/protocol';
import { isShownSlice } from '../../../../src/features/results/shownSlice';

/** Pieces of keys that once broke out of the clause, or could. */
const hostilePiece = fc.oneof(
  fc.constantFrom(
    '\n',
    '\r\n',
    '\r',
    '\u2028',
    '\u0085',
    '\t',
    '\u001b[31m',
    '"',
    '\\',
    '\\"',
    '###',
    '### injected-rule',
    '// comment',
    '//',
    'AND',
    'OR',
    'NOT',
    'NEAR/3',
    '(',
    ')',
    ':',
    'lang:en',
    '*',
    '?',
    '~2',
    '-',
    '+',
    '++',
    '#',
    ' ',
    'é',
    '日本',
    '🚀',
    'ß',
  ),
  fc.string({ minLength: 1, maxLength: 4 }),
);
const hostileKey = fc
  .array(hostilePiece, { minLength: 1, maxLength: 8 })
  .map((pieces) => pieces.join(''));

/** The literal each type's clause selects, as drill.ts builds it. */
const EXPECTED: Readonly<Record<string, (key: string) => string>> = {
  language: (key) => key.toLowerCase(),
  country: (key) => key.toLowerCase(),
  sourcetype: (key) => key.toUpperCase(),
  hashtag: (key) => (key.startsWith('#') ? key : `#${key}`),
  interest: (key) =>
    key.toLowerCase().startsWith('interest-') ? key.toLowerCase() : `interest-${key.toLowerCase()}`,
  emoji: (key) => key,
  theme_cloud: (key) => key,
};
const FIELDS: Readonly<Record<string, string>> = {
  language: 'lang',
  country: 'sourcecountry',
  sourcetype: 'sourcetype',
  hashtag: 'hashtag',
  interest: 'demographic',
};

/** The text of a single literal (a term, a phrase, or a field clause's), with its field. */
function literal(node: QueryNode | undefined): { field?: string; text: string } | undefined {
  if (node?.kind === 'term' || node?.kind === 'phrase') return { text: node.text };
  if (node?.kind === 'field' && (node.value?.kind === 'term' || node.value?.kind === 'phrase'))
    return { field: node.name, text: node.value.text };
  return undefined;
}

describe('drill-down: add as a new rule', () => {
  it('a key holding anything (line breaks, quotes, backslashes, ###, operators, unicode) is one literal of one rule', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(EXPECTED)), hostileKey, (histogramType, key) => {
        const drill = drillClause({ kind: 'key', histogramType, key });
        if ('unsupported' in drill) {
          assert.equal(oneLine(key), '', `only an empty key has no clause: ${drill.unsupported}`);
          return;
        }
        // As the file gets it (src/features/language/addRule.ts): after the rule it was drilled from.
        const file = parseFile(
          `### watch\nacme OR globex\n\n### watch-drilled\n${narrowed('acme OR globex', drill.clause)}\n`,
          'drill.mmq',
        );
        assert.deepEqual(
          file.rules.map((rule) => rule.id),
          ['watch', 'watch-drilled'],
          drill.clause,
        );
        assert.deepEqual(file.issues, [], drill.clause);
        const parsed = file.rules[1]?.parsed;
        assert.deepEqual(parsed?.issues, [], drill.clause);
        const query = parsed?.query;
        assert.equal(query?.kind, 'and', drill.clause);
        const operands = query?.kind === 'and' ? query.operands : [];
        assert.equal(operands.length, 2, drill.clause);
        assert.equal(operands[0]?.kind, 'group');
        const clause = literal(operands[1]);
        assert.ok(clause, `one literal: ${drill.clause}`);
        assert.equal(clause.field, FIELDS[histogramType], drill.clause);
        assert.equal(clause.text, oneLine(EXPECTED[histogramType]?.(key) ?? ''), drill.clause);
      }),
      { numRuns: 2_000 },
    );
  });

  /** A country distribution as the extension sent it to the panel. */
  const shown = {
    kind: 'histogram',
    histogramType: 'country',
    parameters: {},
    result: {
      data: [
        { ks: 'de', v: [3] },
        { key: { short_id: 'fr' }, v: [2] },
      ],
      total_hits: 5,
    },
  } as unknown as View;

  it('acts only on a key the panel was shown, of the type it was shown', () => {
    const key = (histogramType: string, value: string) =>
      isShownSlice({ kind: 'key', histogramType, key: value }, shown);
    assert.ok(key('country', 'de'));
    assert.ok(key('country', 'fr'));
    assert.ok(!key('country', 'de\n### injected-rule\nacme'));
    assert.ok(!key('country', 'it'));
    assert.ok(!key('language', 'de'));
    assert.ok(isShownSlice({ kind: 'time', from: 0, to: 1 }, shown));
    assert.ok(!isShownSlice({ kind: 'number', histogramType: 'reach', from: 0, to: 1 }, shown));
    const results = { kind: 'results' } as unknown as View;
    assert.ok(!isShownSlice({ kind: 'key', histogramType: 'country', key: 'de' }, results));
    assert.ok(!isShownSlice({ kind: 'time', from: 0, to: 1 }, results));
  });
});
