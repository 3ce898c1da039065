// A document's text kept in pieces against a plain string and TextDocument's reading of it: random
// edits over hostile text (`\r\n` made and split at the edit's ends, a lone `\r`, surrogate pairs
// and lone halves, empty texts, edits at either end), with pieces cut small so that edits cross
// their boundaries; what changed between two versions; a line of a million characters.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentText } from '../../../server/documents/documentText';
import { assertReadsAs, chunkSize, hostileText, referenceOf } from './support/text';

interface Edit {
  readonly at: number;
  readonly removed: number;
  readonly insert: string;
}

const edit = (maxRemoved: number): fc.Arbitrary<Edit> =>
  fc.record({ at: fc.nat(), removed: fc.nat(maxRemoved), insert: hostileText(8) });

/** `edit` made on a plain string, and on `text`. */
function applied(model: string, text: DocumentText, { at, removed, insert }: Edit) {
  const start = at % (model.length + 1);
  const end = Math.min(model.length, start + removed);
  return {
    model: model.slice(0, start) + insert + model.slice(end),
    text: text.replaced(start, end, insert),
  };
}

/**
 * `newer.changeFrom(older)` turns one text into the other: the same text before and after it.
 * Not always findChange's: the comparison stops at the pieces both share, and a shared piece may
 * repeat what the edit inserted or removed (`\r\n\r\n` less one `\r\n`).
 */
function assertChange(older: DocumentText, newer: DocumentText): void {
  const [before, after] = [older.toString(), newer.toString()];
  const change = newer.changeFrom(older);
  if (before === after) return assert.equal(change, null);
  assert.ok(change, 'a change');
  assert.equal(change.oldEnd - change.newEnd, before.length - after.length);
  assert.equal(before.slice(0, change.start), after.slice(0, change.start));
  assert.equal(before.slice(change.oldEnd), after.slice(change.newEnd));
}

describe('a document’s text in pieces', () => {
  it('reads as the plain string after each of several edits', () => {
    fc.assert(
      fc.property(
        hostileText(),
        chunkSize,
        fc.array(edit(12), { maxLength: 6 }),
        (initial, size, edits) => {
          let state = { model: initial, text: DocumentText.of(initial, size) };
          assertReadsAs(state.text, state.model);
          for (const each of edits) {
            state = applied(state.model, state.text, each);
            assertReadsAs(state.text, state.model);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('reads as the plain string after long edit sequences in a larger text', () => {
    fc.assert(
      fc.property(
        hostileText(400),
        fc.array(edit(40), { minLength: 20, maxLength: 80 }),
        (initial, edits) => {
          let state = { model: initial, text: DocumentText.of(initial, 16) };
          for (const each of edits) state = applied(state.model, state.text, each);
          const { model, text } = state;
          assert.equal(text.toString(), model);
          const reference = referenceOf(model);
          assert.equal(text.lineCount, reference.lineCount);
          for (let offset = 0; offset <= model.length; offset += 5)
            assert.deepEqual(text.positionAt(offset), reference.positionAt(offset));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('finds a stretch that changed between two versions, or null when none did', () => {
    fc.assert(
      fc.property(
        hostileText(),
        chunkSize,
        fc.array(edit(12), { maxLength: 4 }),
        (initial, size, edits) => {
          const first = DocumentText.of(initial, size);
          let state = { model: initial, text: first };
          for (const each of edits) {
            const older = state.text;
            state = applied(state.model, state.text, each);
            assertChange(older, state.text);
          }
          // Across several versions too, as an analysis made before a pause in typing sees them.
          assertChange(first, state.text);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('holds an empty text', () => {
    const empty = DocumentText.of('');
    assertReadsAs(empty, '');
    assertReadsAs(empty.replaced(0, 0, '\r\n'), '\r\n');
    assertReadsAs(empty.replaced(0, 0, 'x').replaced(0, 1, ''), '');
  });

  it('cuts a line of a million characters, and edits it in its pieces', () => {
    const line = 'acme '.repeat(200_000);
    const long = DocumentText.of(`### r\n${line}\n### s\nx`);
    const edited = long.replaced(500_003, 500_003, '\r\n');
    assert.deepEqual(edited.positionAt(500_005), { line: 2, character: 0 });
    assert.deepEqual(edited.positionAt(500_004), { line: 1, character: 499_997 });
    assert.equal(edited.offsetAt({ line: 1, character: 600_000 }), 500_003);
    assert.equal(edited.lineCount, 5);
    assert.deepEqual(edited.changeFrom(long), { start: 500_003, oldEnd: 500_003, newEnd: 500_005 });
    assert.equal(edited.slice(500_000, 500_008), ' ac\r\nme ');
  });
});
