// The extension against a stand-in for the real service that answers with the service's own
// published answers (test/fixtures/service/: their shapes, our values), over loopback HTTP: the
// Projects view shows its project, topic groups (the untitled one as "Ungrouped") and tags; the
// results panel shows its search results, the social post known only by its network's ids
// among them, with the total; a stream's tail records every result of its published answer.
// Nothing here is the sandbox: what passes here is what an account's first hour needs.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { CONTRACT } from '../../../core/api/contract';
import type { ProjectsNode } from '../../../src/features/projects/projectsModel';
import { resultChunks, serviceFixtures } from '../../support/serviceFixtures';
import { closeAllEditors, EXTENSION_ID, showUntitled } from './support/documents';
import { backToTheSandbox, extensionApi } from './support/extension';
import { inWebview, screenshot } from './support/screenshot';
import { lensCommand } from './support/lenses';
import { eventually } from '../../support/eventually';

const fixtures = serviceFixtures(
  join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'test/fixtures/service'),
);

/** The published answer of the operation a request is for (by method and path). */
function answerFor(method: string, path: string) {
  const routes = fixtures
    .map((fixture) => ({ fixture, operation: CONTRACT[fixture.operation] }))
    .filter(({ operation }) => operation.method === method)
    // Fewer parameters first: `/histogram/top_influencers` before `/histogram/:type`.
    .sort((a, b) => a.operation.path.split(':').length - b.operation.path.split(':').length);
  for (const { fixture, operation } of routes) {
    const pattern = new RegExp(`^${operation.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    if (pattern.test(path)) return fixture.examples.find((example) => example.status === 200);
  }
  return undefined;
}

async function publishedService(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    const path = new URL(request.url ?? '/', 'http://service').pathname;
    const example = answerFor(request.method ?? 'GET', path);
    if (!example) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ status_code: '26', status_message: `Endpoint not found: ${path}` }),
      );
      return;
    }
    response.writeHead(example.status, { 'content-type': example.contentType });
    response.end(example.text ?? JSON.stringify(example.answer));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const published = (operation: string) =>
  fixtures.find((fixture) => fixture.operation === operation)!.examples[0]!;

describe("the extension on the service's published answers", () => {
  let service: Awaited<ReturnType<typeof publishedService>>;
  let folder: string;

  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mm-published-'));
    service = await publishedService();
    const api = await extensionApi();
    process.env.MEDIA_MONITORING_TOKEN = 'fixture-token-0001';
    await vscode.workspace
      .getConfiguration('mediaMonitoring')
      .update('baseUrl', service.url, vscode.ConfigurationTarget.Global);
    await eventually(
      () => api.connection.state.kind === 'connected' && !api.connection.state.sandbox,
      { timeoutMs: 30_000, what: 'the extension connected to the published service' },
    );
  });
  after(async () => {
    await closeAllEditors();
    await backToTheSandbox(await extensionApi());
    service.server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('the Projects view: the project, its topic groups with the untitled one as Ungrouped, its tags', async () => {
    const api = await extensionApi();
    const { projects } = api.sidebar;
    const [project] = await eventually(
      async () => {
        const nodes = await projects.getChildren();
        return nodes.some((node) => node.kind === 'project') ? nodes : undefined;
      },
      { what: 'the project of the published answer' },
    );
    assert.ok(project?.kind === 'project');
    assert.equal(projects.getTreeItem(project).label, 'Harbor City Mobility');
    const sections = await projects.getChildren(project);
    const topics = sections.find((node) => node.kind === 'section' && node.section === 'topics')!;
    const groups = await projects.getChildren(topics);
    assert.deepEqual(
      groups.map((node) => projects.getTreeItem(node).label),
      ['Ungrouped', 'Harbour topics'],
    );
    const inUngrouped = await projects.getChildren(groups[0]);
    assert.deepEqual(
      inUngrouped.map((node) => projects.getTreeItem(node).label),
      ['Solar ferry', 'Battery trams'],
    );
    const tags = sections.find((node) => node.kind === 'section' && node.section === 'tags')!;
    assert.deepEqual(
      (await projects.getChildren(tags)).map(
        (node: ProjectsNode) => projects.getTreeItem(node).label,
      ),
      ['Category / review', 'Category / podcast', 'needsFollowUp'],
    );
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await api.sidebar.projectsView.reveal(groups[0]!, { expand: true });
    await screenshot('80-published-service-projects');
  });

  it("the results panel: the project's search results, the post without a url among them, and the total", async () => {
    const editor = await showUntitled(
      `// @project 40917-qrst-5528\n\n### ferry\nsolar AND ferry\n`,
    );
    const results = await lensCommand(editor.document.uri, /^Results$/);
    (await extensionApi()).answerNextQuestions('Run');
    await vscode.commands.executeCommand(results.command, ...(results.arguments ?? []));
    await eventually(async () => (await inWebview('.document-title')).count === 2, {
      timeoutMs: 30_000,
      what: 'the two published documents in the results panel',
    });
    assert.match(
      (await inWebview('.documents li:nth-child(1) .document-title')).text,
      /solar ferry/i,
    );
    // The bare social post: named by its network and id, with no address to open.
    assert.match(
      (await inWebview('.documents li:nth-child(2) .document-title')).text,
      /twitter post \d+/,
    );
    assert.equal((await inWebview('.documents li:nth-child(2) .document-title a')).count, 0);
    assert.match((await inWebview('.page-range')).text, /of 873/);
    await screenshot('81-published-service-results');
  });

  it("a stream's tail records every result of the published answer, the one mended too", async () => {
    const api = await extensionApi();
    const stream = 'stream_7';
    api.answerNextQuestions('Run');
    await vscode.commands.executeCommand('mediaMonitoring.tail.start', {
      kind: 'stream',
      id: stream,
      enabled: true,
      recordFolder: folder,
    });
    const expected = resultChunks(published('streamResults').text ?? '');
    const recorded = () =>
      readdirSync(folder).flatMap((name) =>
        readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean),
      );
    await eventually(() => recorded().length >= expected, {
      timeoutMs: 30_000,
      what: `the ${expected} results of the published stream answer in the record`,
    });
    assert.equal(api.tailStatus('stream', stream)?.received, expected);
    await vscode.commands.executeCommand('mediaMonitoring.tail.stop', {
      kind: 'stream',
      id: stream,
      enabled: true,
    });
  });
});
