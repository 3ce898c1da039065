import assert from 'node:assert/strict';
import { SemanticTokensRequest } from 'vscode-languageserver-protocol';
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
