import assert from 'node:assert/strict';
import {
  CompletionRequest,
  InsertTextFormat,
  type CompletionItem,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import type { ProjectContext } from '../../../server/protocol';
import { freshUri, type TestClient, type ClientOptions } from '../support/client';
import { useServer } from '../support/server';
import { applyEdits, withCursor } from '../support/text';

const PROJECT: ProjectContext = {
  projectId: 'p1',
  tags: [
    { id: '1234', label: 'Competitors' },
    { id: 'vip list', label: 'VIP' },
  ],
  topics: [{ id: 't1', title: 'Brand' }],
};

async function complete(client: TestClient, marked: string): Promise<CompletionItem[]> {
  const { text, position } = withCursor(marked);
  const uri = freshUri();
  await client.open(uri, text);
  const result = await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position,
  });
  assert.ok(Array.isArray(result), 'a plain list of items');
  return result;
}

const labels = (items: readonly CompletionItem[]) => items.map((item) => item.label);

/** The text after accepting `item` at the cursor of `marked`. */
function accept(marked: string, item: CompletionItem): string {
  const { text } = withCursor(marked);
  return applyEdits(text, [item.textEdit as TextEdit]);
}

describe('completion over the protocol', function () {
  let client: TestClient;
  /** A server for each test of the suite it is called in, on a client with these options. */
  const start = (options?: ClientOptions) =>
    useServer((started) => (client = started), { each: true, client: options });

  describe('in a plain client', function () {
    start();

    it('offers the source types after `sourcetype:`', async () => {
      const items = await complete(client, '### r\nacme sourcetype:|\n');
      assert.ok(labels(items).includes('ONLINENEWS'));
      assert.ok(labels(items).includes('SOCIALMEDIA_TWITTER'));
      assert.ok(!labels(items).includes('lang:'), 'no field names where a value goes');
    });

    it('offers languages with their names after `lang:`, replacing what is typed', async () => {
      const marked = '### r\nacme -lang:e|';
      const items = await complete(client, marked);
      const english = items.find((item) => item.label === 'en');
      assert.equal(english?.detail, 'English');
      assert.equal(accept(marked, english), '### r\nacme -lang:en');
    });

    it('lists the common languages first after `lang:`, then the rest alphabetically', async () => {
      const items = await complete(client, '### r\nacme lang:|');
      // VS Code orders an unfiltered list by sortText, not by the order items arrive in.
      const shown = [...items]
        .sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label))
        .map((item) => item.label);
      const common = ['en', 'es', 'de', 'fr', 'pt', 'it', 'ja', 'ru', 'zh', 'ar', 'nl', 'tr'];
      assert.deepEqual(shown.slice(0, common.length), common);
      const rest = shown.slice(common.length);
      assert.deepEqual(rest, [...rest].sort());
      assert.ok(rest.includes('aa') && rest.includes('zu') && !rest.includes('en'));
      assert.equal(shown.length, new Set(shown).size, 'each language once');
    });

    it('offers `lang:` for `la`, with its documentation, keeping a `-` prefix', async () => {
      const marked = '### r\nacme -la|';
      const items = await complete(client, marked);
      const lang = items.find((item) => item.label === 'lang:');
      assert.ok(lang, JSON.stringify(labels(items)));
      assert.match(JSON.stringify(lang.documentation), /\*\*lang\*\*/);
      assert.equal(accept(marked, lang), '### r\nacme -lang:');
    });

    it('offers binary operators after an operand, only NOT where an operand starts', async () => {
      const afterOperand = labels(await complete(client, '### r\nacme |'));
      for (const operator of ['AND', 'OR', 'NOT', 'NEAR/5', 'ONEAR/5', 'SENTENCE', 'OSENTENCE'])
        assert.ok(afterOperand.includes(operator), operator);
      const atStart = labels(await complete(client, '### r\n|'));
      assert.ok(atStart.includes('NOT') && !atStart.includes('AND'));
      const afterAnd = labels(await complete(client, '### r\nacme AND |'));
      assert.ok(afterAnd.includes('NOT') && !afterAnd.includes('OR'));
      // An operand on the line before counts: the rule continues over lines.
      const nextLine = labels(await complete(client, '### r\nacme // a comment\n  |'));
      assert.ok(nextLine.includes('AND'));
    });

    it('offers NEAR/N as a snippet with the distance to overwrite', async () => {
      const items = await complete(client, '### r\nacme N|');
      const near = items.find((item) => item.label === 'NEAR/5');
      assert.equal(near?.insertTextFormat, InsertTextFormat.Snippet);
      assert.equal((near?.textEdit as TextEdit).newText, 'NEAR/${1:5} $0');
    });

    it('offers annotations before the first header and nowhere else', async () => {
      const items = await complete(client, '// @|\n### r\nacme\n');
      assert.deepEqual(labels(items).sort(), ['@project', '@stream']);
      assert.deepEqual(await complete(client, '### r\n// @|\nacme\n'), []);
    });

    it('offers the rule header snippet after `###`', async () => {
      const marked = '### a\nacme\n\n###|';
      const [header] = await complete(client, marked);
      assert.equal(header?.insertTextFormat, InsertTextFormat.Snippet);
      assert.equal(accept(marked, header), '### a\nacme\n\n### ${1:rule-id}\n$0');
    });

    it('offers nothing inside a phrase, a comment, a hashtag or on a header line', async () => {
      for (const marked of ['### r\n"acme la|', '### r\nacme // la|', '### r\nacme #la|', '### r|'])
        assert.deepEqual(await complete(client, marked), [], marked);
    });

    it('never offers words of the document, only its own vocabulary', async () => {
      // With word-based suggestions off (package.json), an empty answer shows nothing; the
      // server must not fill it with the file's own text either.
      const text =
        '// @stream s\n// a note\n### acme\nacme published:>1633039200 tag:\n' +
        '  AND #gdl OR @acme // x\n\n### b\n"a b"~5 OR x\n';
      const uri = freshUri();
      await client.open(uri, text);
      // Operators, annotations and field names are in the file and in the vocabulary alike.
      const vocabulary = /^(AND|OR|NOT|@stream|@project|[a-z_]+:)$/;
      const words = new Set(text.split(/\s+/).filter((word) => word && !vocabulary.test(word)));
      const lines = text.split('\n');
      for (const [line, content] of lines.entries()) {
        for (let character = 0; character <= content.length; character++) {
          const result = await client.connection.sendRequest(CompletionRequest.type, {
            textDocument: { uri },
            position: { line, character },
          });
          const junk = ((result ?? []) as CompletionItem[])
            .map((item) => item.label)
            .filter((label) => words.has(label) || /^(#+|\/\/|[<>]=?\d+|\d+)$/.test(label));
          assert.deepEqual(junk, [], `at ${line}:${character}`);
        }
      }
      const { text: afterTag, position } = withCursor('### r\nacme published:>1633039200 tag:|');
      const tagUri = freshUri();
      await client.open(tagUri, afterTag);
      assert.deepEqual(
        await client.connection.sendRequest(CompletionRequest.type, {
          textDocument: { uri: tagUri },
          position,
        }),
        [],
      );
    });

    it('never asks for the project context when the client did not offer it', async () => {
      const items = await complete(client, '### r\ntag:|');
      assert.deepEqual(items, []);
      assert.equal(client.projectContextRequests, 0);
    });
  });

  describe('in a client that answers for each project', function () {
    const tagsOf = (projectId: string | null): ProjectContext => ({
      projectId,
      tags: [{ id: `${projectId ?? 'default'}-tag`, label: 'Tag' }],
      topics: [],
    });
    start({
      initializationOptions: { projectContext: true },
      projectContext: (params) => tagsOf(params.projectId),
    });

    it('completes `tag:` with the tags of the project the file names', async () => {
      assert.deepEqual(labels(await complete(client, '// @project acme\n\n### r\ntag:|')), [
        'acme-tag',
      ]);
      assert.deepEqual(labels(await complete(client, '// @stream s\n### r\ntag:|')), [
        'default-tag',
      ]);
    });
  });

  describe('in a client with no project chosen', function () {
    start({
      initializationOptions: { projectContext: true },
      projectContext: () => ({ projectId: null, tags: [], topics: [], unavailable: 'noProject' }),
    });

    it('`tag:` says how to choose the project, and choosing the item runs Set Default Project', async () => {
      const marked = '### r\nacme tag:vi|';
      const items = await complete(client, marked);
      assert.deepEqual(labels(items), ['Choose a project for tag: values…']);
      assert.match(items[0]?.detail ?? '', /\/\/ @project <id>.*default project/);
      assert.equal(items[0]?.command?.command, 'mediaMonitoring.project.setDefault');
      // Choosing it leaves the text as typed.
      assert.equal(accept(marked, items[0]), '### r\nacme tag:vi');
    });
  });

  describe('in a client that answers mediaMonitoring/projectContext', function () {
    start({ initializationOptions: { projectContext: true }, projectContext: PROJECT });

    it('offers the project’s tags after `tag:`, quoting ids that need it', async () => {
      const marked = '### r\nacme tag:|';
      const items = await complete(client, marked);
      assert.deepEqual(labels(items), ['1234', 'vip list']);
      assert.equal(items[0]?.detail, 'Competitors');
      assert.equal(accept(marked, items[1]!), '### r\nacme tag:"vip list"');
      assert.equal(client.projectContextRequests, 1);
    });

    it('asks for the file’s `// @project`, and for the default project without one', async () => {
      await complete(client, '// @project p2\n### r\nacme tag:|');
      await complete(client, '### r\nacme tag:|');
      assert.deepEqual(client.projectContextParams, [{ projectId: 'p2' }, { projectId: null }]);
    });

    it('asks only where tags are completed', async () => {
      await complete(client, '### r\nacme lang:|');
      await complete(client, '### r\nacme |');
      assert.equal(client.projectContextRequests, 0);
    });
  });
});
