import assert from 'node:assert/strict';
import {
  SemanticTokensDeltaRequest,
  SemanticTokensRangeRequest,
  SemanticTokensRequest,
  type Range,
  type SemanticTokensDelta,
} from 'vscode-languageserver-protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer } from '../support/server';
import { decodeTokens } from '../support/text';

describe('semantic tokens over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  async function tokensOf(text: string): Promise<string[]> {
    const uri = freshUri();
    await client.open(uri, text);
    const tokens = await client.connection.sendRequest(SemanticTokensRequest.type, {
      textDocument: { uri },
    });
    assert.ok(tokens);
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    return decodeTokens(tokens, legend, text);
  }

  it('classifies a query’s tokens, comments, header and annotation', async () => {
    const text =
      '// @stream s1\n' +
      '### r // c\n' +
      '-lang:en +"x y" luxemb* published:>1633039200000 NEAR/5 acme\n';
    assert.deepEqual(await tokensOf(text), [
      '0:0 comment // ',
      '0:3 decorator @stream',
      '0:10 comment  s1',
      '1:0 keyword ###',
      '1:4 function+declaration r',
      '1:6 comment // c',
      '2:0 operator -',
      '2:1 property lang:',
      '2:6 enumMember en',
      '2:9 operator +',
      '2:10 string "x y"',
      '2:16 regexp luxemb*',
      '2:24 property published:',
      '2:34 number >1633039200000',
      '2:49 keyword NEAR/5',
      '2:56 variable acme',
    ]);
  });

  /** A file of comments, annotations and rules of every kind of token, 3 lines a rule. */
  function longFile(rules: number): string {
    const lines = ['// @project 7c1e-demo', '// a preamble'];
    for (let index = 0; index < rules; index++)
      lines.push(
        `### r${index} // rule ${index}`,
        index % 3 === 0
          ? `"multi ${index}\nline" OR acme${index}`
          : `(acme OR -lang:en) AND NOT globex${index} // why`,
      );
    return `${lines.join('\n')}\n`;
  }

  it('answers a range (a viewport) with the tokens of the rules and comments in it', async () => {
    assert.equal(
      client.initializeResult.capabilities.semanticTokensProvider?.range,
      true,
      'range requests are offered',
    );
    const text = longFile(300);
    const uri = freshUri();
    await client.open(uri, text);
    const legend = client.initializeResult.capabilities.semanticTokensProvider.legend;
    const full = decodeTokens(
      (await client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } }))!,
      legend,
      text,
    );
    const lineOf = (token: string) => Number(token.slice(0, token.indexOf(':')));
    const ranges: Range[] = [
      // A viewport in the middle, starting inside a two-line phrase and ending mid-line.
      { start: { line: 301, character: 3 }, end: { line: 340, character: 10 } },
      // The preamble and the first rule.
      { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
      // Inside one comment.
      { start: { line: 500, character: 12 }, end: { line: 500, character: 14 } },
      // The last lines and past the end.
      { start: { line: 590, character: 0 }, end: { line: 700, character: 0 } },
      // Empty.
      { start: { line: 42, character: 1 }, end: { line: 42, character: 1 } },
    ];
    for (const range of ranges) {
      const answer = await client.connection.sendRequest(SemanticTokensRangeRequest.type, {
        textDocument: { uri },
        range,
      });
      const tokens = decodeTokens(answer!, legend, text);
      const what = `${range.start.line}:${range.start.character}–${range.end.line}:${range.end.character}`;
      // Nothing the whole file's answer would not say, and nothing of the range left out.
      assert.deepEqual(
        tokens.filter((token) => !full.includes(token)),
        [],
        `${what}: only tokens of the whole`,
      );
      const inLines = full.filter(
        (token) => lineOf(token) > range.start.line && lineOf(token) < range.end.line,
      );
      assert.deepEqual(
        inLines.filter((token) => !tokens.includes(token)),
        [],
        `${what}: every token of its lines`,
      );
      // The rules around the range, not the file: at most a rule on either side.
      const lines = tokens.map(lineOf);
      assert.ok(
        lines.every((line) => line >= range.start.line - 3 && line <= range.end.line + 3),
        `${what}: lines ${Math.min(...lines)}–${Math.max(...lines)}`,
      );
    }
  });

  /** The previous result with a delta's edits applied, as the editor applies them. */
  function applied(previous: readonly number[], delta: SemanticTokensDelta): number[] {
    const data = [...previous];
    // Edits are of the previous array: applied from the last, the earlier ones keep their place.
    for (const edit of [...delta.edits].sort((a, b) => b.start - a.start))
      data.splice(edit.start, edit.deleteCount, ...(edit.data ?? []));
    return data;
  }

  it('after an edit, answers with what changed: applied to the last result, the whole file’s tokens', async () => {
    const text = longFile(300);
    const uri = freshUri();
    await client.open(uri, text);
    const full = () =>
      client.connection.sendRequest(SemanticTokensRequest.type, { textDocument: { uri } });
    let last = (await full())!;
    assert.ok(last.resultId, 'a result id to ask for changes from');
    const edits: { line: number; character: number; text: string; replaced?: number }[] = [
      // A word typed into a rule in the middle.
      { line: 301, character: 0, text: 'acme OR ' },
      // A line added at the top: every token after it moves a line, and one number says so.
      { line: 0, character: 0, text: '// new\n' },
      // A rule's header broken, then mended.
      { line: 4, character: 0, text: '#', replaced: 0 },
      { line: 4, character: 0, text: '', replaced: 1 },
      // Nothing changed at all.
      { line: 0, character: 0, text: '' },
    ];
    let version = 1;
    for (const change of edits) {
      await client.change(uri, ++version, {
        range: {
          start: { line: change.line, character: change.character },
          end: { line: change.line, character: change.character + (change.replaced ?? 0) },
        },
        text: change.text,
      });
      const answer = await client.connection.sendRequest(SemanticTokensDeltaRequest.type, {
        textDocument: { uri },
        previousResultId: last.resultId!,
      });
      assert.ok(answer && 'edits' in answer, `an edit of ${JSON.stringify(change)}: a delta`);
      const delta: SemanticTokensDelta = answer;
      const expected = (await client.connection.sendRequest(SemanticTokensRequest.type, {
        textDocument: { uri },
      }))!;
      assert.deepEqual(applied(last.data, delta), expected.data, JSON.stringify(change));
      const sent = delta.edits.reduce((sum, each) => sum + (each.data?.length ?? 0), 0);
      assert.ok(sent <= 50, `${sent} numbers sent of ${expected.data.length}`);
      last = expected;
    }
  });

  it('answers a delta from a result it no longer has with the whole tokens', async () => {
    const text = '### r\nacme OR globex\n';
    const uri = freshUri();
    await client.open(uri, text);
    const answer = await client.connection.sendRequest(SemanticTokensDeltaRequest.type, {
      textDocument: { uri },
      previousResultId: 'not-a-result',
    });
    assert.ok(answer && 'data' in answer, 'the whole tokens');
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    assert.deepEqual(decodeTokens(answer, legend, text), [
      '0:0 keyword ###',
      '0:4 function+declaration r',
      '1:0 variable acme',
      '1:5 keyword OR',
      '1:8 variable globex',
    ]);
  });

  it('cuts a phrase over two lines into one token per line', async () => {
    assert.deepEqual(await tokensOf('### r\n"multi\nline" OR a\n'), [
      '0:0 keyword ###',
      '0:4 function+declaration r',
      '1:0 string "multi',
      '2:0 string line"',
      '2:6 keyword OR',
      '2:9 variable a',
    ]);
  });
});
