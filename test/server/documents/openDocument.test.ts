// The client's changes to an open document, as the server applies them to its text in pieces,
// against TextDocument's way of applying them: random sequences of incremental and whole-text
// changes, one or several per event, with ranges anywhere (before the first line, past a line's
// or the text's end, given backwards) over hostile text.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { DocumentText } from '../../../server/documents/documentText';
import { openDocuments, withChanges } from '../../../server/documents/openDocument';
import { assertReadsAs, chunkSize, hostileText, referenceOf } from './support/text';

const position: fc.Arbitrary<Position> = fc.record({
  line: fc.integer({ min: -1, max: 14 }),
  character: fc.integer({ min: -1, max: 14 }),
});

const change: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      range: fc.record({ start: position, end: position }),
      text: hostileText(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ text: hostileText() }) },
);

/** One change or several, as a client sends them for several cursors. */
const event = fc.array(change, { minLength: 1, maxLength: 3 });

/**
 * `text` after `changes`, as TextDocument makes them: each range's ends read by its offsetAt on
 * the text so far, taken either way round. A document made afresh for each change rather than
 * TextDocument.update, which mis-indexes its lines after a range past the last line (it splices
 * its line offsets at the range's line, not at the last).
 */
function referenceChanged(
  text: string,
  changes: readonly TextDocumentContentChangeEvent[],
): string {
  let result = text;
  for (const each of changes) {
    if (!('range' in each)) {
      result = each.text;
      continue;
    }
    const reference = referenceOf(result);
    const ends = [reference.offsetAt(each.range.start), reference.offsetAt(each.range.end)];
    const [start, end] = [Math.min(...ends), Math.max(...ends)];
    result = result.slice(0, start) + each.text + result.slice(end);
  }
  return result;
}

describe('an open document', () => {
  it('takes the client’s changes as TextDocument takes them', () => {
    fc.assert(
      fc.property(
        hostileText(),
        chunkSize,
        fc.array(event, { maxLength: 6 }),
        (initial, size, events) => {
          let text = DocumentText.of(initial, size);
          let model = initial;
          for (const changes of events) {
            for (const each of changes)
              if ('range' in each)
                assert.equal(text.getText(each.range), referenceOf(model).getText(each.range));
            text = withChanges(text, changes);
            model = referenceChanged(model, changes);
            assertReadsAs(text, model);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('takes positions that are not whole numbers as whole numbers, without failing', () => {
    const text = DocumentText.of('### r\nacme\nrocket', 4);
    const range = { start: { line: 1.7, character: 2.9 }, end: { line: 1, character: NaN } };
    assert.equal(withChanges(text, [{ range, text: 'x' }]).toString(), '### r\nxme\nrocket');
    assert.deepEqual(text.positionAt(NaN), { line: 0, character: 0 });
    assert.equal(text.offsetAt({ line: Infinity, character: 0 }), text.length);
  });

  it('is made and changed by the documents’ manager, each version a new object', () => {
    const opened = openDocuments.create('file:///x.mmq', 'mmq', 1, '### r\nacme\n');
    const at = { line: 1, character: 4 };
    const changed = openDocuments.update(
      opened,
      [{ range: { start: at, end: at }, text: ' OR x' }],
      2,
    );
    assert.equal(changed.version, 2);
    assert.equal(changed.text.toString(), '### r\nacme OR x\n');
    assert.equal(opened.version, 1);
    assert.equal(opened.text.toString(), '### r\nacme\n');
  });
});
