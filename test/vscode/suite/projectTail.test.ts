// Tailing a project's live results in a real VS Code against the embedded sandbox: started from
// the project's item in the Projects view, narrowed to one topic in the quick pick; documents
// delivered through the sandbox's /_sandbox/live show in the tail's output channel with the
// topics they matched, and in the NDJSON record; the item spins and counts; Stop ends it. From the
// palette: the project picked, an extra query typed; Pause and Resume.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { recordBaseName } from '../../../core/streams/recordFiles';
import type { ProjectsNode } from '../../../src/features/projects/projectsModel';
import { extensionApi } from './support/extension';
import { outputChannelText } from './support/output';
import { clickInWorkbench, screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

const PROJECT = '7c1e-demo';
const CHANNEL = `Media Monitoring: project ${PROJECT}`;

describe("tailing a project's live results", () => {
  let folder: string;
  const settings = () => vscode.workspace.getConfiguration('mediaMonitoring');
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mm-project-tail-'));
    await settings().update('tail.recordFolder', folder, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await settings().update('tail.recordFolder', undefined, vscode.ConfigurationTarget.Global);
    rmSync(folder, { recursive: true, force: true });
  });

  it('from its Projects view item, narrowed to a topic: lines with the matched topics in its output channel, the item spins and counts; Stop ends it', async () => {
    const api = await extensionApi();
    const projects = api.sidebar.projects;
    const node = (await projects.getChildren()).find(
      (each): each is Extract<ProjectsNode, { kind: 'project' }> =>
        each.kind === 'project' && each.project.id === PROJECT,
    );
    assert.ok(node, `project ${PROJECT} in the Projects view`);
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    // Selected, as when its context menu is opened (once the view has drawn its items).
    await eventually(
      async () => {
        try {
          await api.sidebar.projectsView.reveal(node, { select: true, focus: false });
          return true;
        } catch {
          return false;
        }
      },
      { what: 'the project in the Projects view' },
    );

    // The project's context menu runs this; it asks what narrows the tail, then an extra query.
    void vscode.commands.executeCommand('mediaMonitoring.tail.project', node);
    await clickInWorkbench('.quick-input-list .monaco-list-row', 'Rockets');
    await typeIntoQuickInput('', `Tail project ${PROJECT}: narrow to topics or filters?`);
    await typeIntoQuickInput('', `Tail project ${PROJECT}: an extra query`);
    await typeIntoQuickInput('', `Tail project ${PROJECT}: at most how many results?`);
    await eventually(() => api.tailStatus('project', PROJECT)?.state === 'tailing', {
      timeoutMs: 30_000,
      what: "the project's tail to connect",
    });
    const tailing = projects.getTreeItem(node);
    assert.equal(tailing.contextValue, 'project tail.tailing');
    assert.equal((tailing.iconPath as vscode.ThemeIcon).id, 'loading~spin');
    assert.match(String(tailing.description), /^7c1e-demo · tailing · \d+ received$/);
    assert.match(tailing.tooltip as string, /Live results: Tailing \(topic t-rocket\)/);

    await api.connection.controlSandbox('live', {
      documents: [
        {
          title: 'In-editor: Acme rocket skates sold out',
          content: 'Acme rocket skates sold out in minutes.',
          url: 'https://live.example/rocket-skates',
        },
        {
          title: 'In-editor: Acme anvils on sale',
          content: 'Acme anvils on sale.',
          url: 'https://live.example/anvils',
        },
        {
          title: 'Acme recalls a rocket after a launch outage',
          content: 'Acme recalls its rocket after the outage.',
          url: 'https://news.acme.example/rocket-recall',
          extra_source_attributes: { id: 'acme-news', name: 'Acme News' },
        },
      ],
    });
    const text = await eventually(
      () => {
        const shown = outputChannelText(CHANNEL);
        return shown?.includes('https://live.example/rocket-skates') &&
          shown.includes('https://news.acme.example/rocket-recall')
          ? shown
          : undefined;
      },
      { timeoutMs: 30_000, what: "the delivered document's line in the output channel" },
    );
    assert.match(
      text,
      /Z {2}live\.example {2}In-editor: Acme rocket skates sold out {2}\[t-acme,t-rocket\] {2}https:\/\/live\.example\/rocket-skates\n/,
    );
    assert.match(
      text,
      / {2}Acme News {2}Acme recalls a rocket after a launch outage {2}\[t-acme,t-rocket,t-recall\] {2}/,
    );
    // The topic narrowed the tail: the anvils are the project's but not the topic's.
    assert.doesNotMatch(text, /live\.example\/anvils/);
    assert.match(text, /tailing project 7c1e-demo \(topic t-rocket\); the complete record: /);
    await eventually(() => (api.tailStatus('project', PROJECT)?.received ?? 0) >= 2, {
      what: 'the count to move',
    });
    await eventually(
      () => /[1-9]\d* received$/.test(String(projects.getTreeItem(node).description)),
      {
        what: 'the item to count the results',
      },
    );
    await screenshot('tail-project');

    await vscode.commands.executeCommand('mediaMonitoring.tail.stop', node);
    const stopped = api.tailStatus('project', PROJECT);
    assert.equal(stopped?.state, 'stopped');
    const item = projects.getTreeItem(node);
    assert.equal(item.contextValue, 'project tail.stopped');
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'project');
    // Everything received was written to the record before the stop returned, each once.
    // Its lock gone too: the tail let go of the record.
    const part = `${recordBaseName('project', PROJECT)}-0001.ndjson`;
    assert.deepEqual(readdirSync(folder), [part]);
    const record = readFileSync(join(folder, part), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { data: { url: string; matched_profile: string[] } });
    assert.equal(record.length, stopped?.received);
    assert.deepEqual(
      record.find((result) => result.data.url === 'https://live.example/rocket-skates')?.data
        .matched_profile,
      ['t-acme', 't-rocket'],
    );
    assert.ok(record.every((result) => result.data.matched_profile.includes('t-rocket')));
  });

  it('from the palette: the project picked, an extra query; pause, resume, stop', async () => {
    const api = await extensionApi();
    const id = 'p-competitors';
    void vscode.commands.executeCommand('mediaMonitoring.tail.project');
    await typeIntoQuickInput('Competitor watch', 'Tail the live results of which project?');
    await typeIntoQuickInput('', `Tail project ${id}: narrow to topics or filters?`);
    await typeIntoQuickInput('globex NOT initech', `Tail project ${id}: an extra query`);
    await typeIntoQuickInput('', `Tail project ${id}: at most how many results?`);
    await eventually(() => api.tailStatus('project', id)?.state === 'tailing', {
      timeoutMs: 30_000,
      what: "the project's tail to connect",
    });
    const channel = `Media Monitoring: project ${id}`;
    const deliver = (title: string, url: string) =>
      api.connection.controlSandbox('live', { documents: [{ title, content: title, url }] });
    await deliver('Globex and Initech merge', 'https://live.example/merger');
    await deliver('Globex opens a plant', 'https://live.example/plant');
    const text = await eventually(
      () => outputChannelText(channel)?.match(/.*live\.example\/plant\n/)?.[0],
      { timeoutMs: 30_000, what: 'the line of the document the query lets through' },
    );
    assert.match(text, /Globex opens a plant {2}\[t-globex\] {2}https:\/\/live\.example\/plant/);
    assert.doesNotMatch(outputChannelText(channel) ?? '', /merger/);
    assert.match(
      outputChannelText(channel) ?? '',
      /tailing project p-competitors \(query "globex NOT initech"\)/,
    );

    const node = (await api.sidebar.projects.getChildren()).find(
      (each) => each.kind === 'project' && each.project.id === id,
    );
    assert.ok(node);
    await vscode.commands.executeCommand('mediaMonitoring.tail.pause', node);
    await eventually(() => api.tailStatus('project', id)?.state === 'paused', {
      what: 'the tail to pause',
    });
    const paused = api.sidebar.projects.getTreeItem(node);
    assert.equal(paused.contextValue, 'project tail.paused');
    assert.match(paused.tooltip as string, /what arrives meanwhile is not delivered/);
    await vscode.commands.executeCommand('mediaMonitoring.tail.resume', node);
    await eventually(() => api.tailStatus('project', id)?.state === 'tailing', {
      timeoutMs: 30_000,
      what: 'the tail to connect again',
    });
    await deliver('Globex after the pause', 'https://live.example/after');
    await eventually(() => outputChannelText(channel)?.includes('https://live.example/after'), {
      timeoutMs: 30_000,
      what: 'a line after resuming',
    });
    await vscode.commands.executeCommand('mediaMonitoring.tail.stop', node);
    assert.equal(api.tailStatus('project', id)?.state, 'stopped');
  });
});
