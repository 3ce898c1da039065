import assert from 'node:assert/strict';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-protocol';
import { freshUri, type TestClient } from '../support/client';
import { useServer, serversPerTest } from '../support/server';
import { messageOf, orOf } from '../support/text';

const byCode = (diagnostics: readonly Diagnostic[], code: string) =>
  diagnostics.find((diagnostic) => diagnostic.code === code);

describe('diagnostics over the protocol', function () {
  let client: TestClient;

  describe('with default settings', function () {
    useServer((started) => (client = started), { each: true });

    it('publishes operand-limit for a 51-operand rule, from the 51st operand to the end', async () => {
      const uri = freshUri();
      await client.open(uri, `### big\n${orOf(51)}\n`);
      const { diagnostics, version } = await client.publication(uri);
      assert.equal(version, 1);
      // The first is on the header (codeActions.test.ts); this one is spec §4's.
      const limit = diagnostics.filter((diagnostic) => diagnostic.code === 'operand-limit')[1];
      assert.ok(limit, JSON.stringify(diagnostics));
      assert.equal(limit.source, 'mmq');
      assert.equal(limit.severity, DiagnosticSeverity.Error);
      assert.deepEqual(limit.range, {
        start: { line: 1, character: `${orOf(50)} OR `.length },
        end: { line: 1, character: orOf(51).length },
      });
      assert.match(messageOf(limit), /51 operands/);
    });

    it('reports near-limit as information and nothing over the limit at exactly 50', async () => {
      const uri = freshUri();
      await client.open(uri, `### full\n${orOf(50)}\n`);
      const { diagnostics } = await client.publication(uri);
      assert.deepEqual(
        diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]),
        [['near-limit', DiagnosticSeverity.Information]],
      );
    });

    it('counts positions in UTF-16 code units', async () => {
      const uri = freshUri();
      await client.open(uri, '### r\n😀 lang:english\n');
      const { diagnostics } = await client.publication(uri);
      assert.deepEqual(byCode(diagnostics, 'invalid-value')?.range, {
        start: { line: 1, character: 8 },
        end: { line: 1, character: 15 },
      });
    });

    it('updates diagnostics after incremental changes, for the last version only', async () => {
      const uri = freshUri();
      await client.open(uri, '### r\nacme AND\n');
      const opened = await client.publication(uri);
      assert.ok(byCode(opened.diagnostics, 'syntax'), JSON.stringify(opened.diagnostics));
      const endOfQuery = { line: 1, character: 'acme AND'.length };
      // Three quick edits: ` rocket`, then ` AND`, then that ` AND` removed again.
      await client.change(uri, 2, {
        range: { start: endOfQuery, end: endOfQuery },
        text: ' rocket',
      });
      const afterRocket = { line: 1, character: 'acme AND rocket'.length };
      await client.change(uri, 3, {
        range: { start: afterRocket, end: afterRocket },
        text: ' AND',
      });
      await client.change(uri, 4, {
        range: { start: afterRocket, end: { line: 1, character: 'acme AND rocket AND'.length } },
        text: '',
      });
      const settled = await client.publication(uri, (params) => params.version === 4);
      assert.deepEqual(settled.diagnostics, []);
      // Debounced: the edits came faster than the pause, so no intermediate text was analysed.
      assert.deepEqual(
        client.pending(uri).map((params) => params.version),
        [],
        'no publication for versions 2 or 3',
      );
    });

    it('clears a document’s diagnostics when it is closed', async () => {
      const uri = freshUri();
      await client.open(uri, '### r\nacme AND\n');
      assert.notDeepEqual((await client.publication(uri)).diagnostics, []);
      await client.closeDocument(uri);
      const closed = await client.publication(uri);
      assert.deepEqual(closed.diagnostics, []);
    });
  });

  describe('with severity settings', function () {
    const start = serversPerTest();
    it('applies per-code overrides, including off, asked per document', async () => {
      client = await start();
      client.settings = {
        diagnostics: { severity: { 'lowercase-operator': 'error', 'duplicate-operand': 'off' } },
      };
      const uri = freshUri();
      await client.open(uri, '### r\nacme and rocket OR acme OR acme\n');
      const { diagnostics } = await client.publication(uri);
      assert.equal(byCode(diagnostics, 'lowercase-operator')?.severity, DiagnosticSeverity.Error);
      assert.equal(byCode(diagnostics, 'duplicate-operand'), undefined);
      assert.deepEqual(client.configurationRequests, [
        { scopeUri: uri, section: 'mediaMonitoring' },
      ]);
    });

    it('ignores malformed settings entries', async () => {
      client = await start();
      client.settings = {
        diagnostics: { severity: { 'lowercase-operator': 'loud', 'no-such-code': 'off' } },
      };
      const uri = freshUri();
      await client.open(uri, '### r\nacme and rocket\n');
      const { diagnostics } = await client.publication(uri);
      assert.equal(byCode(diagnostics, 'lowercase-operator')?.severity, DiagnosticSeverity.Warning);
    });

    it('asks again and re-publishes when the configuration changes', async () => {
      client = await start();
      const uri = freshUri();
      await client.open(uri, '### r\nacme and rocket\n');
      const first = await client.publication(uri);
      assert.equal(
        byCode(first.diagnostics, 'lowercase-operator')?.severity,
        DiagnosticSeverity.Warning,
      );
      client.settings = { diagnostics: { severity: { 'lowercase-operator': 'hint' } } };
      await client.configurationChanged();
      const second = await client.publication(uri);
      assert.equal(
        byCode(second.diagnostics, 'lowercase-operator')?.severity,
        DiagnosticSeverity.Hint,
      );
      assert.equal(client.configurationRequests.length, 2);
    });

    it('uses the defaults, and never asks, when the client has no workspace/configuration', async () => {
      client = await start({ configuration: false });
      client.settings = { diagnostics: { severity: { 'lowercase-operator': 'off' } } };
      const uri = freshUri();
      await client.open(uri, '### r\nacme and rocket\n');
      const { diagnostics } = await client.publication(uri);
      assert.ok(byCode(diagnostics, 'lowercase-operator'));
      assert.deepEqual(client.configurationRequests, []);
    });
  });
});
