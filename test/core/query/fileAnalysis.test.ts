// Re-analysing after an edit (only the rules it touches) gives exactly what analysing the edited
// text afresh gives: the same file, the same diagnostics and fixes, the same line positions, for
// any text and any edits, including ones that make or break headers, comments, phrases and line
// breaks at the edges of rules.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { QueryDiagnostic } from '../../../core/query/diagnostic';
import { FileAnalysis } from '../../../core/query/fileAnalysis';
import { findChange } from '../../../core/query/textChange';
import { analyse } from '../../../server/analysisCache';
import { DocumentText } from '../../../server/documents/documentText';
import { documentSymbols, foldingRanges } from '../../../server/features/outline';
import { semanticTokens } from '../../../server/features/semanticTokens';
import { generateFile, generateSmallRules } from '../../bench/generate';
import { anyText, messyFile, messyHeaderlessFile, tokenSoup } from './support/arbitraries';

/** What a diagnostic says, fixes made: functions compare by identity, their results by value. */
function said(diagnostics: readonly QueryDiagnostic[]): unknown[] {
  return diagnostics.map((diagnostic) => ({ ...diagnostic, fixes: diagnostic.fixes() }));
}

/** A value as data: getters read, as every consumer reads them. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

const inserted = fc.constantFrom(
  '',
  'x',
  ' ',
  '\n',
  '\r\n',
  '\r',
  '###',
  '### r9\n',
  '\n### r0\n',
  '#',
  '"',
  '//',
  ' // c',
  '(',
  ')',
  ' OR ',
  'AND',
  '-',
  'acme rocket',
  '// @stream s\n',
);

interface Edit {
  readonly at: number;
  readonly removed: number;
  readonly text: string;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  removed: fc.oneof(fc.constant(0), fc.nat(4), fc.nat(40)),
  text: inserted,
});

/** Where `edit` lands in a text of `length`: it is made wherever `at` falls. */
function placed(length: number, { at, removed }: Edit): { start: number; end: number } {
  const start = at % (length + 1);
  return { start, end: Math.min(length, start + removed) };
}

function applied(text: string, edit: Edit): string {
  const { start, end } = placed(text.length, edit);
  return text.slice(0, start) + edit.text + text.slice(end);
}

const file = fc.oneof(
  { weight: 4, arbitrary: messyFile },
  // Rules sharing an id: duplicates found after edits that keep or change the ids.
  { weight: 2, arbitrary: messyFile.map((text) => text.replace(/###(\s*)r\d/g, '###$1r0')) },
  { weight: 1, arbitrary: messyHeaderlessFile },
  { weight: 1, arbitrary: tokenSoup },
  { weight: 1, arbitrary: anyText },
);

describe('re-analysis after an edit', () => {
  it('gives what a fresh analysis gives, after each of several edits', () => {
    fc.assert(
      fc.property(file, fc.array(edit, { minLength: 1, maxLength: 4 }), (text, edits) => {
        let analysis = FileAnalysis.of(text, 'x.mmq');
        analysis.diagnostics(); // as the server does: the unchanged rules' are made before
        let current = text;
        for (const each of edits) {
          current = applied(current, each);
          analysis = analysis.edited(current);
          const fresh = FileAnalysis.of(current, 'x.mmq');
          assert.deepStrictEqual(said(analysis.diagnostics()), said(fresh.diagnostics()), current);
          assert.deepStrictEqual(plain(analysis.file), plain(fresh.file), current);
        }
      }),
      { numRuns: 700 },
    );
  });

  it('gives the same on realistic files of many rules', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (seed, edits) => {
          let current = generateFile(4_000, seed);
          let analysis = FileAnalysis.of(current, 'x.mmq');
          analysis.diagnostics();
          for (const each of edits) {
            current = applied(current, each);
            analysis = analysis.edited(current);
            const fresh = FileAnalysis.of(current, 'x.mmq');
            assert.deepStrictEqual(said(analysis.diagnostics()), said(fresh.diagnostics()));
            assert.deepStrictEqual(plain(analysis.file), plain(fresh.file));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('gives the same on a file of 1,200 rules, its row in several blocks', () => {
    const text = generateSmallRules(1200);
    const before = FileAnalysis.of(text, 'x.mmq');
    before.diagnostics();
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        let current = text;
        let analysis = before;
        for (const each of edits) {
          current = applied(current, each);
          analysis = analysis.edited(current);
          const fresh = FileAnalysis.of(current, 'x.mmq');
          assert.deepStrictEqual(said(analysis.diagnostics()), said(fresh.diagnostics()));
          assert.deepStrictEqual(plain(analysis.file), plain(fresh.file));
        }
      }),
      { numRuns: 6 },
    );
  });

  it('moves a rule an edit does not touch instead of parsing it again', () => {
    const text = '### a\nacme OR rocket\n\n### b\nanvil AND road\n';
    const before = FileAnalysis.of(text, 'x.mmq');
    const after = before.edited(`// note\n${text}`);
    assert.equal(after.rules[1]?.queryText, 'anvil AND road');
    // The moved rule's tree is a copy of the first analysis's, moved: same shape, new offsets.
    const [, rule] = after.rules;
    const [, original] = before.rules;
    assert.ok(rule && original && rule !== original);
    assert.equal(rule.bodySpan.start, original.bodySpan.start + 8);
    assert.equal(rule.parsed.query?.span.start, (original.parsed.query?.span.start ?? 0) + 8);
  });

  it('finds the change a character-by-character comparison finds', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 5000 }),
        fc.array(edit, { maxLength: 2 }),
        (text, edits) => {
          const after = edits.reduce(applied, text);
          const change = findChange(text, after);
          if (text === after) return assert.equal(change, null);
          let prefix = 0;
          while (prefix < Math.min(text.length, after.length) && text[prefix] === after[prefix])
            prefix++;
          let suffix = 0;
          while (
            suffix < Math.min(text.length, after.length) - prefix &&
            text[text.length - 1 - suffix] === after[after.length - 1 - suffix]
          )
            suffix++;
          assert.deepEqual(change, {
            start: prefix,
            oldEnd: text.length - suffix,
            newEnd: after.length - suffix,
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the language server’s analysis of each version is the fresh analysis of its text', () => {
    fc.assert(
      // The server's texts in pieces cut small, edited as the client edits them: the analysis
      // reads only the stretch the edit touched, found from the pieces the versions share.
      fc.property(file, fc.array(edit, { minLength: 1, maxLength: 3 }), (text, edits) => {
        let document = DocumentText.of(text, 16);
        let analysis = analyse('file:///x.mmq', 1, document);
        let current = text;
        edits.forEach((each, index) => {
          const { start, end } = placed(current.length, each);
          current = applied(current, each);
          document = document.replaced(start, end, each.text);
          analysis = analyse('file:///x.mmq', index + 2, document, analysis);
          const fresh = analyse('file:///x.mmq', index + 2, DocumentText.of(current));
          assert.equal(analysis.file.text, current);
          assert.deepStrictEqual(said(analysis.diagnostics()), said(fresh.diagnostics()));
          assert.equal(analysis.lines.lineCount, fresh.lines.lineCount);
          // Features that read every rule read moved rules without copying them.
          assert.deepStrictEqual(semanticTokens(analysis).data, semanticTokens(fresh).data);
          assert.deepStrictEqual(documentSymbols(analysis), documentSymbols(fresh));
          assert.deepStrictEqual(foldingRanges(analysis), foldingRanges(fresh));
        });
      }),
      { numRuns: 200 },
    );
  });
});
