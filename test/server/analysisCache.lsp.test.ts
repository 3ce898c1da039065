// A large file over the protocol: what formatting returns is what `mmq fmt`'s core gives for the
// same text (as opened, and after an edit that moves most of the rules), and the server does all
// it is asked within a JavaScript heap in proportion to the file. The bound is the point: the
// server used to keep a syntax tree and an object per token of every rule, and parse the whole
// file again to format it, and its peak grew past 2 GB for a file of 100,000 rules.
//
// The bound is a heap limit given to the server process (--max-old-space-size), not a reading of
// its resident memory: what the garbage collector leaves uncollected for a while depends on its
// timing, while what the server keeps does not, and past the limit the server dies (the request
// then never gets its answer, and the test fails). Measured on this file: the server needs about
// 40 MB of heap since that change, and more than 128 MB before it.
import assert from 'node:assert/strict';
import {
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  SemanticTokensRequest,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { formatEdits } from '../../core/query/formatter';
import { LineIndex } from '../../core/query/lineIndex';
import { generateFile, oneCharacterEdit } from '../bench/generate';
import { freshUri, type TestClient, within } from './support/client';
import { useServer } from './support/server';

const NAME = 'large.mmq';

/** `formatEdits` of `text` as LSP edits: what the server should answer. */
function expectedEdits(text: string): TextEdit[] {
  const lines = new LineIndex(text);
  return formatEdits(text, NAME).map((edit) => ({
    range: { start: lines.positionAt(edit.span.start), end: lines.positionAt(edit.span.end) },
    newText: edit.newText,
  }));
}

/** About 3,800 rules of 10 to 50 operands (2 MB): large enough that what the server keeps per
 * rule dominates its memory, small enough to run in seconds. */
const TEXT = generateFile(2_000_000);

/** The heap limit, in MB: 16 bytes for each byte of the text (UTF-16, 2 bytes a character). */
const HEAP_MB = Math.ceil((16 * TEXT.length * 2) / 2 ** 20);

/** A request's answer, or a failure after `ms`: a server that died past its limit never answers. */
const LONG_MS = 120_000;

describe('a large file over the protocol', function () {
  // Generous: the file takes seconds to analyse and format on a loaded machine.
  this.timeout(240_000);
  let client: TestClient;
  useServer((started) => (client = started), {
    client: { execArgv: [`--max-old-space-size=${HEAP_MB}`] },
  });

  it(`formats as \`mmq fmt\` does, within a heap of 16 times the file (${HEAP_MB} MB)`, async () => {
    const text = TEXT;
    const uri = freshUri('large');
    await client.open(uri, text);
    // Seconds to analyse on a loaded machine: the deadline of the file's size, not of one rule.
    await client.publication(uri, () => true, LONG_MS);
    const textDocument = { uri };
    const options = { tabSize: 2, insertSpaces: true };
    const request = <T>(promise: Promise<T>, what: string) => within(promise, what, LONG_MS);
    const symbols = await request(
      client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument }),
      'the outline',
    );
    assert.equal(symbols?.length, (text.match(/^### /gm) ?? []).length);
    await request(
      client.connection.sendRequest(SemanticTokensRequest.type, { textDocument }),
      'semantic tokens',
    );
    const edits = await request(
      client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument, options }),
      'formatting',
    );
    assert.deepEqual(edits, expectedEdits(text));

    // An edit in the middle: the rules after it are moved, not parsed again, and format the same.
    const edited = oneCharacterEdit(text);
    let at = 0;
    while (text[at] === edited[at]) at++;
    const lines = new LineIndex(text);
    await client.change(uri, 2, {
      range: { start: lines.positionAt(at), end: lines.positionAt(at) },
      text: edited[at]!,
    });
    const afterEdit = await request(
      client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument, options }),
      'formatting after the edit',
    );
    assert.deepEqual(afterEdit, expectedEdits(edited));
    assert.equal(client.process.exitCode, null, 'the server is still running');
  });
});
