// mediaMonitoring/rules over the protocol: the extension's CodeLens and run commands learn a
// file's rules, their queries and whether they may run from the language server.
import assert from 'node:assert/strict';
import { CheckQueryRequest, RulesRequest, type FileRules } from '../../../server/protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer } from '../support/server';

describe('mediaMonitoring/rules over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started));

  const rulesOf = (uri: string): Promise<FileRules | null> =>
    client.connection.sendRequest(RulesRequest, { uri });

  it('gives each rule its header, extent, query without comments, operand count and errors', async () => {
    const uri = freshUri();
    await client.open(
      uri,
      '// @project 7c1e-demo\n// @stream brand\n\n### good\nacme // the brand\n  OR rocket\n\n### broken\nacme AND (rocket\n',
    );
    const rules = await rulesOf(uri);
    assert.ok(rules);
    assert.equal(rules.project, '7c1e-demo');
    assert.equal(rules.stream, 'brand');
    const [good, broken] = rules.rules;
    assert.deepEqual(
      { id: good?.id, query: good?.query, operands: good?.operands, errors: good?.errors },
      { id: 'good', query: 'acme OR rocket', operands: 2, errors: 0 },
    );
    assert.deepEqual(good?.range, {
      start: { line: 3, character: 0 },
      end: { line: 3, character: 8 },
    });
    assert.equal(good?.extent.start.line, 3);
    assert.equal(broken?.id, 'broken');
    assert.ok((broken?.errors ?? 0) > 0);
    assert.equal(broken?.firstError?.line, 8);
    assert.deepEqual(broken?.errorCodes, ['syntax']);
    assert.deepEqual(good?.errorCodes, []);
    assert.match(broken?.firstError?.message ?? '', /\S/);
  });

  it('answers null for a document it does not have, and refuses a request without a uri', async () => {
    assert.equal(await rulesOf('file:///not/open.mmq'), null);
    await assert.rejects(
      client.connection.sendRequest(RulesRequest, {} as { uri: string }),
      /takes \{ uri \}/,
    );
  });
});

describe('mediaMonitoring/checkQuery over the protocol', function () {
  let client: TestClient;
  useServer((started) => (client = started), { checkErrors: false });

  it('gives the errors of a query on its own, none for a good one', async () => {
    const good = await client.connection.sendRequest(CheckQueryRequest, {
      query: 'acme OR rocket',
    });
    assert.deepEqual(good.errors, []);
    const bad = await client.connection.sendRequest(CheckQueryRequest, {
      query: 'acme AND (rocket',
    });
    assert.ok(bad.errors.length > 0);
    assert.equal(bad.errors[0]?.code, 'syntax');
  });
});
