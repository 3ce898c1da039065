// The sidebar, the status bar and the connection inside a real VS Code, with no settings: the
// embedded sandbox starts by itself and its data shows.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ProjectsNode } from '../../../src/features/projects/projectsModel';
import type { StreamsNode } from '../../../src/features/streams/streamsModel';
import { closeAllEditors, showUntitled } from './support/documents';
import { backToTheSandbox, extensionApi } from './support/extension';
import { completionLabels } from './support/completion';
import { clickInWorkbench, screenshot } from './support/screenshot';
import { eventually } from '../../support/eventually';

const configurationValue = (key: string) =>
  vscode.workspace.getConfiguration('mediaMonitoring').get<string>(key);

const labelOf = (item: vscode.TreeItem) =>
  typeof item.label === 'string' ? item.label : (item.label?.label ?? '');

describe('the sidebar against the embedded sandbox', () => {
  /** What a test made in the sandbox, which keeps it, so that later tests start from the demo. */
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(closeAllEditors);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('with no settings, connects to the sandbox and shows its credits in the status bar', async () => {
    const api = await extensionApi();
    assert.equal(vscode.workspace.getConfiguration('mediaMonitoring').get('baseUrl'), '');
    const text = await eventually(
      () => (/credits$/.test(api.statusText()) ? api.statusText() : undefined),
      { what: 'the credits in the status bar' },
    );
    assert.match(text, /^\$\(beaker\) Sandbox · [\d,]+ credits$/);
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await screenshot('10-sidebar-and-status-bar');
  });

  it('shows the sandbox projects, and a project’s topics by group', async () => {
    const api = await extensionApi();
    const { projects } = api.sidebar;
    const roots = await projects.getChildren();
    const names = roots.map((node) => labelOf(projects.getTreeItem(node)));
    assert.ok(names.includes('Acme brand monitoring'), names.join(', '));
    const demo = roots.find((node) => node.kind === 'project' && node.project.id === '7c1e-demo')!;
    const [topics] = await projects.getChildren(demo);
    assert.equal(labelOf(projects.getTreeItem(topics!)), 'Topics');
    const groups = await projects.getChildren(topics);
    const products = groups.find((node) => labelOf(projects.getTreeItem(node)) === 'Products');
    assert.ok(products, groups.map((node) => labelOf(projects.getTreeItem(node))).join(', '));
    const inProducts = (await projects.getChildren(products)).map((node) =>
      labelOf(projects.getTreeItem(node)),
    );
    assert.ok(inProducts.includes('Anvils'), inProducts.join(', '));
    const anvils = (await projects.getChildren(products)).find(
      (node) => labelOf(projects.getTreeItem(node)) === 'Anvils',
    )!;
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await api.sidebar.projectsView.reveal(anvils, { select: true, expand: true });
    await eventually(() => api.sidebar.projectsView.selection[0] !== undefined, {
      what: 'Anvils to be revealed',
    });
    await screenshot('11-projects-tree');
  });

  it('opening a topic shows its rules as a read-only .mmq document', async () => {
    const api = await extensionApi();
    const node: ProjectsNode = {
      kind: 'topic',
      projectId: '7c1e-demo',
      isFilter: false,
      topic: {
        id: 't-acme',
        title: 'Acme',
        included_queries: [],
        excluded_queries: [],
      },
    };
    assert.ok(api.connection.state.kind === 'connected');
    await vscode.commands.executeCommand('mediaMonitoring.topic.open', node);
    const editor = await eventually(
      () =>
        vscode.window.activeTextEditor?.document.uri.path.endsWith('t-acme.mmq')
          ? vscode.window.activeTextEditor
          : undefined,
      { what: 'the topic to open' },
    );
    assert.equal(editor.document.languageId, 'mmq');
    assert.match(editor.document.getText(), /^### t-acme-included-1\nacme OR "acme corp"$/m);
    assert.match(editor.document.getText(), /^### t-acme-excluded-1\nacme AND recipe$/m);
    assert.equal(
      vscode.workspace.fs.isWritableFileSystem(editor.document.uri.scheme),
      false,
      'the topic document is read-only',
    );
    await screenshot('12-topic-as-mmq');
  });

  it('inserts tag:<id> at the cursor, and copies an id with a confirmation', async () => {
    const api = await extensionApi();
    const document = await vscode.workspace.openTextDocument(
      vscode.Uri.from({ scheme: 'untitled', path: '/insert.mmq' }),
    );
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '### r\nacme '));
    editor.selection = new vscode.Selection(1, 5, 1, 5);
    const tag: ProjectsNode = {
      kind: 'tag',
      projectId: '7c1e-demo',
      id: 'tag-crisis',
      label: 'Crisis',
    };
    await vscode.commands.executeCommand('mediaMonitoring.insertId', tag);
    assert.equal(editor.document.lineAt(1).text, 'acme tag:tag-crisis');
    await vscode.commands.executeCommand('mediaMonitoring.copyId', tag);
    assert.equal(await vscode.env.clipboard.readText(), 'tag-crisis');
    assert.equal(api.lastConfirmation(), 'Copied the tag ID tag-crisis');
  });

  it('pausing a collector changes its icon; resuming changes it back', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    await client.collectors.put('ui-test', { queries: [{ id: 'q', query: 'acme' }] });
    // An active collector buffers (and pays for) every live document it matches, and the
    // embedded sandbox keeps it: left behind, it would spend credits under later tests.
    cleanups.push(() => client.collectors.delete('ui-test'));
    const { streams } = api.sidebar;
    // The commands refresh the tree themselves; a refresh here too would restart its debounce.
    const collectorNode = async () =>
      eventually(
        async () => {
          const [, collectors] = await streams.getChildren();
          const children = collectors ? await streams.getChildren(collectors) : [];
          return children.find(
            (node): node is Extract<StreamsNode, { kind: 'collector' }> =>
              node.kind === 'collector' && node.id === 'ui-test',
          );
        },
        { what: 'collector ui-test in the tree' },
      );
    streams.refresh();
    const icon = (node: StreamsNode) => (streams.getTreeItem(node).iconPath as vscode.ThemeIcon).id;
    const active = await collectorNode();
    assert.equal(active.state, 'ACTIVE');
    assert.equal(icon(active), 'pass-filled');
    await vscode.commands.executeCommand('mediaMonitoring.collector.pause', active);
    const paused = await eventually(
      async () => {
        const node = await collectorNode();
        return node.state === 'PAUSED' ? node : undefined;
      },
      { what: 'the collector to show as paused' },
    );
    assert.equal(icon(paused), 'debug-pause');
    assert.equal(streams.getTreeItem(paused).contextValue, 'collector.PAUSED');
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await screenshot('13-collector-paused');
    await vscode.commands.executeCommand('mediaMonitoring.collector.resume', paused);
    const resumed = await eventually(
      async () => {
        const node = await collectorNode();
        return node.state === 'ACTIVE' ? node : undefined;
      },
      { what: 'the collector to show as active again' },
    );
    assert.equal(icon(resumed), 'pass-filled');
  });

  it("a stream shows the service's rules, then the workspace file that names it, marked local, each saying where they differ; a local rule opens there", async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    await client.streams.define('brand-watch', [{ rule_id: 'acme-core', query: 'acme' }]);
    cleanups.push(() => client.streams.delete('brand-watch'));
    const { streams } = api.sidebar;
    streams.refresh();
    const stream = await eventually(
      async () => {
        const [streamsNode] = await streams.getChildren();
        const children = streamsNode ? await streams.getChildren(streamsNode) : [];
        return children.find((node) => node.kind === 'stream' && node.id === 'brand-watch');
      },
      { what: 'stream brand-watch in the tree' },
    );
    const [held, file, ...others] = await streams.getChildren(stream);
    assert.equal(others.length, 0);
    // The service holds acme-core with another query than brand.mmq's, and not acme-products.
    const heldItem = streams.getTreeItem(held!);
    assert.equal(labelOf(heldItem), 'acme-core');
    assert.equal(heldItem.description, 'differs from brand.mmq · acme');
    const fileItem = streams.getTreeItem(file!);
    assert.equal(labelOf(fileItem), 'brand.mmq');
    assert.equal(
      fileItem.description,
      'local file · 2 rules · 1 not pushed, 1 differs from the service',
    );
    const rules = await streams.getChildren(file);
    assert.deepEqual(
      rules.map((node) => {
        const item = streams.getTreeItem(node);
        return `${labelOf(item)}: ${String(item.description)}`;
      }),
      [
        'acme-core: differs from the service · (acme OR "acme corp") AND NOT lang:fr',
        'acme-products: not pushed · acme NEAR/5 (anvil OR rocket OR "giant magnet")',
      ],
    );
    const first = streams.getTreeItem(rules[0]!);
    assert.equal(first.command?.command, 'vscode.open');
    await vscode.commands.executeCommand(first.command.command, ...(first.command.arguments ?? []));
    await eventually(
      () => vscode.window.activeTextEditor?.document.uri.path.endsWith('/brand.mmq'),
      {
        what: 'brand.mmq to open at the rule',
      },
    );
    assert.equal(vscode.window.activeTextEditor?.selection.active.line, 2);
    // As a user does it: the stream opened in the view, then a click on a local rule.
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await clickInWorkbench('.monaco-list-row', 'brand-watch');
    await clickInWorkbench('.monaco-list-row', 'acme-products');
    await eventually(() => vscode.window.activeTextEditor?.selection.active.line === 5, {
      what: 'brand.mmq at acme-products',
    });
    await screenshot('12a-stream-service-and-local-rules');
  });

  it('stopping the sandbox says so in the status bar and the welcome view; starting brings the data back', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.stop');
    await eventually(() => api.connection.state.kind === 'stopped', {
      what: 'the sandbox to stop',
    });
    assert.equal(api.statusText(), '$(debug-stop) Sandbox stopped');
    assert.deepEqual(await api.sidebar.projects.getChildren(), []);
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await screenshot('14-sandbox-stopped-welcome');
    await vscode.commands.executeCommand('mediaMonitoring.sandbox.start');
    await eventually(() => api.connection.state.kind === 'connected', {
      timeoutMs: 60_000,
      what: 'the sandbox to start again',
    });
    const roots = await api.sidebar.projects.getChildren();
    assert.ok(roots.length >= 3, `projects after the restart: ${roots.length}`);
  });

  it('the language server completes tag: values from the default project', async () => {
    const api = await extensionApi();
    assert.ok(api.connection.state.kind === 'connected');
    await vscode.workspace
      .getConfiguration('mediaMonitoring')
      .update('defaultProject', '7c1e-demo', vscode.ConfigurationTarget.Global);
    try {
      const document = await vscode.workspace.openTextDocument(
        vscode.Uri.from({ scheme: 'untitled', path: '/tags.mmq' }),
      );
      const editor = await vscode.window.showTextDocument(document);
      await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '### r\nacme tag:'));
      const end = editor.document.lineAt(1).range.end;
      const labels = await completionLabels(editor, end, 'tag-crisis');
      assert.ok(labels.includes('tag-praise'));
    } finally {
      await vscode.workspace
        .getConfiguration('mediaMonitoring')
        .update('defaultProject', undefined, vscode.ConfigurationTarget.Global);
    }
  });
  it('the language server completes tag: values from the file’s // @project, with no default project', async () => {
    const api = await extensionApi();
    assert.equal(configurationValue('defaultProject'), '');
    const editor = await showUntitled('// @project p-insights\n### r\nacme tag:');
    const end = editor.document.lineAt(2).range.end;
    const labels = await completionLabels(editor, end, 'tag-vip');
    assert.ok(!labels.includes('tag-crisis'), `the default project's tags: ${labels.join(', ')}`);
    assert.ok(api.connection.state.kind === 'connected');
    // The list as the user sees it (the provider has answered already, so it opens at once).
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await screenshot('19-tag-completion-from-project-annotation');
  });

  it('a service that rejects the token: the status bar and the welcome view say so and offer to set one', async () => {
    const api = await extensionApi();
    // A stand-in for the service that refuses every token, as the service does a wrong one.
    const service = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          status_code: '7',
          status_message: 'Invalid or inactive access token',
          request: 'GET /api/v1/search/info?access_token=***',
          request_id: '#test#',
        }),
      );
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    const configuration = () => vscode.workspace.getConfiguration('mediaMonitoring');
    process.env.MEDIA_MONITORING_TOKEN = 'a-token-the-service-rejects';
    try {
      await configuration().update(
        'baseUrl',
        `http://127.0.0.1:${port}`,
        vscode.ConfigurationTarget.Global,
      );
      // The connection check (the credits) meets the rejection before any view loads.
      await eventually(
        () =>
          api.connection.state.kind === 'failed' && api.connection.state.reason === 'tokenRejected',
        { what: 'the rejected token to be noticed' },
      );
      assert.equal(api.statusText(), `$(error) 127.0.0.1:${port}: token rejected`);
      await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
      await screenshot('15-token-rejected');
    } finally {
      await backToTheSandbox(api);
      service.close();
    }
  });
});
