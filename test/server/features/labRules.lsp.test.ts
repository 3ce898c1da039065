// The lab reads a small file's rules in the extension host (src/features/lab/labRules.ts) rather
// than wait for the language server, which is busy with a file that has just opened. What it
// reads must be what the server answers (mediaMonitoring/rules): the same rules, queries, errors
// and positions, for generated files with every kind of line break, annotations, header-less
// rules named by an escaped file name, broken rules, and after edits the server applied one by
// one to its own copy.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LineIndex } from '../../../core/query/lineIndex';
import { RulesRequest } from '../../../server/protocol';
import {
  labRulesOf,
  LOCAL_RULES_MAX_CHARS,
  type LabDocument,
} from '../../../src/features/lab/labRules';
import type { FileRules } from '../../../core/query/fileRules';
import type { TestClient } from '../support/client';
import { useServer } from '../support/server';

const LINES = [
  '### acme',
  '### rule-2',
  '###',
  '// @project 7c1e-demo',
  '// @stream brand',
  '// a comment',
  'acme OR "acme corp"',
  '  OR rocket // why',
  'AND NOT lang:fr',
  'acme AND (rocket',
  'title:(a OR b) NEAR/3 c',
  '-noise',
  'ümlaut 😀 OR \uD800',
  '',
  '   ',
];
const BREAKS = ['\n', '\r\n', '\r'];

const fileText = (): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...LINES), fc.constantFrom(...BREAKS)), { maxLength: 24 })
    .map((lines) => lines.map(([line, lineBreak]) => line + lineBreak).join(''));

/** An edit as the editor sends it: a range of the text before it, and what replaces it. */
const edit = (): fc.Arbitrary<{ at: number; length: number; text: string }> =>
  fc.record({
    at: fc.nat(),
    length: fc.nat({ max: 12 }),
    text: fc.oneof(fc.constantFrom(...LINES, ...BREAKS, '(', ')', '"', ' OR '), fc.string()),
  });

/** A document as the lab sees it: the editor's text, version and URI. */
function documentOf(uri: string, text: string, version: number): LabDocument {
  return {
    getText: () => text,
    lineCount: new LineIndex(text).lineCount,
    version,
    uri: { toString: () => uri } as LabDocument['uri'],
  };
}

type Language = Parameters<typeof labRulesOf<LabDocument>>[1];

describe('the lab reads a small file as the language server does', function () {
  let client: TestClient;
  useServer((started) => (client = started), { checkErrors: false });
  this.timeout(60_000);

  const askedOfTheServer: Language = {
    rulesOf: () => Promise.reject(new Error('a small file was asked of the language server')),
  };
  let files = 0;

  it('gives the rules, queries, errors and positions the server gives, after edits too', async () => {
    await fc.assert(
      fc.asyncProperty(fileText(), fc.array(edit(), { maxLength: 4 }), async (first, edits) => {
        // Escaped and odd file names name the rule of a header-less file.
        const uri = `file:///work/lab%20rules/r%C3%A9gle-${++files}%2B1.mmq`;
        let text = first;
        let version = 1;
        await client.open(uri, text, version);
        for (const { at, length, text: inserted } of edits) {
          // Positions, as the editor sends them: an offset inside `\r\n` is the line's end.
          const lines = new LineIndex(text);
          const range = {
            start: lines.positionAt(Math.min(at, text.length)),
            end: lines.positionAt(Math.min(at + length, text.length)),
          };
          const start = lines.offsetAt(range.start);
          const end = lines.offsetAt(range.end);
          await client.change(uri, ++version, { range, text: inserted });
          text = text.slice(0, start) + inserted + text.slice(end);
        }
        const server = await client.connection.sendRequest(RulesRequest, { uri });
        const lab = await labRulesOf(documentOf(uri, text, version), askedOfTheServer);
        await client.closeDocument(uri);
        assert.deepEqual(lab, server, JSON.stringify(text));
      }),
      // Always tried too: an edit inside `\r\n`, which an earlier run found the test mishandled.
      { numRuns: 60, examples: [['acme OR "acme corp"\r\n', [{ at: 20, length: 0, text: ' ' }]]] },
    );
  });

  it('asks the server for a large file, rather than hold up the extension host', async () => {
    const text = '### big\nacme OR rocket\n'.repeat(LOCAL_RULES_MAX_CHARS / 20);
    const asked: string[] = [];
    const answer: FileRules = { version: 1, project: null, stream: null, rules: [] };
    const server: Language = {
      rulesOf: (document) => {
        asked.push(document.uri.toString());
        return Promise.resolve(answer);
      },
    };
    assert.equal(await labRulesOf(documentOf('file:///big.mmq', text, 1), server), answer);
    assert.deepEqual(asked, ['file:///big.mmq']);
  });
});
