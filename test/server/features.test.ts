// The language features are plain functions of a document (Langium's style): the same code the
// server runs, called here without any connection, as the CLI and other tools can.
import assert from 'node:assert/strict';
import {
  analyse,
  codeActions,
  completions,
  documentSymbols,
  formatDocument,
  hover,
  lspDiagnostics,
} from '../../server/features/index';
import { DocumentText } from '../../server/documents/documentText';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { applyEdits, orOf, withCursor } from './support/text';

const URI = 'file:///work/plain.mmq';

describe('language features without a connection', function () {
  it('diagnoses, counts and splits from the text alone', () => {
    const text = `### big\n${orOf(60)}\n`;
    const analysis = analyse(URI, 1, DocumentText.of(text));
    const diagnostics = lspDiagnostics(analysis, DEFAULT_SETTINGS);
    // On the header, and from the 51st operand to the end.
    assert.deepEqual(
      diagnostics.map((diagnostic) => diagnostic.code),
      ['operand-limit', 'operand-limit'],
    );
    assert.deepEqual(
      documentSymbols(analysis).map((symbol) => symbol.detail),
      ['60 operands'],
    );
    const [split] = codeActions(analysis, {
      textDocument: { uri: URI },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    });
    const fixed = applyEdits(text, split!.edit!.changes![URI]!);
    const after = lspDiagnostics(analyse(URI, 2, DocumentText.of(fixed)), DEFAULT_SETTINGS);
    assert.ok(!after.some((diagnostic) => diagnostic.code === 'operand-limit'));
  });

  it('applies severity overrides given as settings', () => {
    const analysis = analyse(URI, 1, DocumentText.of('### r\nacme and rocket\n'));
    const settings = { ...DEFAULT_SETTINGS, severity: { 'lowercase-operator': 'off' as const } };
    assert.deepEqual(lspDiagnostics(analysis, settings), []);
  });

  it('completes and hovers at a position', () => {
    const { text, position } = withCursor('### r\nacme lang:|');
    const analysis = analyse(URI, 1, DocumentText.of(text));
    assert.ok(completions(analysis, position).some((item) => item.label === 'de'));
    const onRule = hover(analysis, { line: 0, character: 1 });
    assert.match(JSON.stringify(onRule?.contents), /2 \/ 50 operands/);
  });

  it('formats with the editor’s options', () => {
    const text = '### r\nacme    OR   rocket\n';
    const analysis = analyse(URI, 1, DocumentText.of(text));
    const edits = formatDocument(analysis, { tabSize: 2, insertSpaces: true }, 100);
    assert.equal(applyEdits(text, edits), '### r\nacme OR rocket\n');
  });
});
