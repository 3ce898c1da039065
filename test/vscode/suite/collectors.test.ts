// Collectors and export tasks in a real VS Code against the embedded sandbox: the
// collector wizard, typed into like a user (a violation of api.md's rules explained first), the
// definition edited, and an export into a new collector followed to its end in the Export Tasks
// view, its results saved to a file with as many lines as the task processed.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { StreamsNode } from '../../../src/features/streams/streamsModel';
import { DISMISS } from '../../../src/shell/questions';
import { extensionApi } from './support/extension';
import { screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';

const COLLECTOR = 'wizard-collector';
const STREAM = 'wizard-stream';
const TARGET = 'export-target';

/** The collector's node in the Streams & Collectors view, once it shows. */
function collectorNode(api: MediaMonitoringApi, id: string) {
  return eventually(
    async () => {
      const roots = await api.sidebar.streams.getChildren();
      const collectors = roots.find((node) => node.kind === 'collectors');
      if (!collectors) return undefined;
      return (await api.sidebar.streams.getChildren(collectors)).find(
        (node): node is Extract<StreamsNode, { kind: 'collector' }> =>
          node.kind === 'collector' && node.id === id,
      );
    },
    { what: `collector ${id} in the Streams view` },
  );
}

describe('collectors and export tasks', () => {
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'collectors-'))));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('the collector wizard explains a violation, then creates the collector it was given', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    await client.streams.define(STREAM, [{ rule_id: 'r', query: 'acme' }]);
    const [project] = (await client.projects.list()).result_accinfo.projects;
    assert.ok(project);
    const topics = (await client.topics.list(project.id)).result_topics.topic_categories;
    const topic = topics.flatMap((group) => group.query_topics)[0];
    assert.ok(topic);
    await vscode.commands.executeCommand('mediaMonitoring.streams.refresh');

    void vscode.commands.executeCommand('mediaMonitoring.collector.create');
    await typeIntoQuickInput(COLLECTOR, 'New collector: its id');
    // Enter at once on the menu adds a source: it never creates an empty collector by accident.
    await typeIntoQuickInput('', `${COLLECTOR} · no sources`);
    await typeIntoQuickInput(STREAM, `Add a stream to ${COLLECTOR}`);
    await typeIntoQuickInput('Add a whole project', '· 1 stream');
    await typeIntoQuickInput(project.name!, `Add a whole project to ${COLLECTOR}`);
    await typeIntoQuickInput('Add a topic of a project', `· project ${project.id}, 1 stream`);
    await typeIntoQuickInput(topic.title!, `Add a topic of ${project.id} to ${COLLECTOR}`);
    await screenshot('50-collector-wizard-violation');

    // A whole project and topics of a project together: explained, and the menu comes back.
    api.answerNextQuestions(DISMISS);
    await typeIntoQuickInput('Create collector', `1 topic of ${project.id}, 1 stream`);
    await eventually(() => api.questions().unanswered === 0, { what: 'the violation explained' });
    assert.match(
      api.questions().lastAsked ?? '',
      new RegExp(
        `^Collector ${COLLECTOR} cannot be created like this\\.\\nA collector takes either a whole project or topics of a project, never both`,
      ),
    );
    await typeIntoQuickInput(`Remove project ${project.id}`, `1 topic of ${project.id}, 1 stream`);
    await typeIntoQuickInput('Add a query', `${COLLECTOR} · 1 topic of ${project.id}, 1 stream`);
    await typeIntoQuickInput('brand', `Add a query to ${COLLECTOR}: its id`);
    await typeIntoQuickInput('acme OR globex', `Add a query to ${COLLECTOR}: query brand`);
    await screenshot('51-collector-wizard-ready');
    await typeIntoQuickInput('Create collector', '1 stream, 1 query');
    await eventually(() => api.lastConfirmation() === `Collector ${COLLECTOR} created (active)`, {
      what: 'the collector created',
    });

    const [created] = (await client.collectors.get(COLLECTOR)).result_stream.collectors;
    assert.equal(created?.state, 'ACTIVE');
    assert.deepEqual(created?.query, {
      streams: [STREAM],
      queries: [{ id: 'brand', query: 'acme OR globex' }],
      project_topics: { project: project.id, topics: [topic.id] },
    });
    api.sidebar.streams.refresh();
    const node = await collectorNode(api, COLLECTOR);
    const item = api.sidebar.streams.getTreeItem(node);
    assert.equal(item.description, 'active · never read here');
    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await screenshot('52-collector-in-tree');
  });

  it('editing a definition says the rules are replaced and the data kept, then saves it', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    // The collector as the wizard of the test before makes it, so that this test runs on its own.
    const [project] = (await client.projects.list()).result_accinfo.projects;
    assert.ok(project);
    const topics = (await client.topics.list(project.id)).result_topics.topic_categories;
    const topic = topics.flatMap((group) => group.query_topics)[0];
    assert.ok(topic);
    await client.streams.define(STREAM, [{ rule_id: 'r', query: 'acme' }]);
    await client.collectors.put(COLLECTOR, {
      streams: [STREAM],
      queries: [{ id: 'brand', query: 'acme OR globex' }],
      project_topics: { project: project.id, topics: [topic.id] },
    });
    api.sidebar.streams.refresh();
    const node = await collectorNode(api, COLLECTOR);
    void vscode.commands.executeCommand('mediaMonitoring.collector.edit', node);
    await typeIntoQuickInput(`Remove stream ${STREAM}`, `Collector ${COLLECTOR} · `);
    api.answerNextQuestions('Save');
    await typeIntoQuickInput('Save definition', `Collector ${COLLECTOR} · 1 topic of`);
    await eventually(
      () => api.lastConfirmation() === `Collector ${COLLECTOR}: definition saved (active)`,
      { what: 'the definition saved' },
    );
    assert.match(
      api.questions().lastAsked ?? '',
      /^Replace the definition of collector wizard-collector\?\nIts rules become: 1 topic of .*, 1 query\. What it has buffered so far is kept/,
    );
    const [saved] = (await client.collectors.get(COLLECTOR)).result_stream.collectors;
    assert.equal(saved?.query?.streams, undefined);

    // Read to a CSV file from the tree: a header, a row per result, and the view says it was read.
    const csv = join(folder, `${COLLECTOR}.csv`);
    api.answerNextQuestions(csv);
    void vscode.commands.executeCommand('mediaMonitoring.collector.readToFile', node);
    await typeIntoQuickInput('CSV', `Save collector ${COLLECTOR} as`);
    const readCount = await eventually(
      () =>
        new RegExp(`^Collector ${COLLECTOR}: ([\\d,]+) results? saved to `).exec(
          api.lastConfirmation() ?? '',
        ),
      { what: 'the collector read to a CSV file' },
    );
    const rows = readFileSync(csv, 'utf8').trimEnd().split('\r\n');
    assert.match(rows[0] ?? '', /^id,published,url,title,source,domain,/);
    assert.equal(rows.length - 1, Number(readCount[1]?.replace(/,/g, '')));
    api.sidebar.streams.refresh();
    await eventually(
      async () =>
        api.sidebar.streams.getTreeItem(await collectorNode(api, COLLECTOR)).description ===
        'active · read just now',
      { what: 'the view to say the collector was just read' },
    );
    await client.collectors.delete(COLLECTOR);
    await client.streams.delete(STREAM);
  });

  it('an export into a new collector ends FINISHED in the tree, and its results go to a file line for line', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    const start = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const file = join(folder, `${TARGET}.ndjson`);
    const credits = () => Number(/([\d,]+) credits/.exec(api.statusText())?.[1]?.replace(/,/g, ''));
    const creditsBefore = credits();

    void vscode.commands.executeCommand('mediaMonitoring.export.start');
    await typeIntoQuickInput('By a query alone', 'Export past results: from where?');
    await typeIntoQuickInput('acme', 'Export past results: the query');
    await typeIntoQuickInput(start, 'Export past results: start day');
    await typeIntoQuickInput('', 'Export past results: stop day');
    await typeIntoQuickInput(
      'A new, empty collector',
      'Export past results: into which collector?',
    );
    await typeIntoQuickInput(TARGET, "Export past results: the new collector's id");
    // The task ends FINISHED: save its results as NDJSON, here.
    api.answerNextQuestions('Save as NDJSON', file);
    await typeIntoQuickInput('', 'Export past results: limit');

    const saved = await eventually(
      () =>
        /^Collector export-target: ([\d,]+) results? saved to /.exec(api.lastConfirmation() ?? ''),
      { what: 'the results saved', timeoutMs: 50_000 },
    );
    const tasks = (await client.exports.list()).result_tasks.tasks;
    const task = tasks.find((candidate) => candidate.target === TARGET);
    assert.equal(task?.status, 'FINISHED');
    assert.ok((task.processed ?? 0) > 0, 'the export found results');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, task.processed);
    assert.equal(Number(saved[1]?.replace(/,/g, '')), task.processed);
    // The end was said (then the save dialog asked where to put the results).
    assert.ok(
      api
        .questions()
        .asked.some((question) =>
          /^Export task .* finished: [\d,]+ results? in export-target\./.test(question),
        ),
      `the export's end was said; asked: ${api.questions().asked.join(' | ')}`,
    );

    await vscode.commands.executeCommand('mediaMonitoring.tasks.refresh');
    const node = (await api.sidebar.tasks.getChildren()).find(
      (child) => child.kind === 'task' && child.task.id === task.id,
    );
    assert.ok(node);
    assert.match(
      String(api.sidebar.tasks.getTreeItem(node).description),
      /^finished · [\d,]+ processed → export-target$/,
    );
    // A credit per exported result: the status bar follows the task's progress.
    await eventually(() => credits() <= creditsBefore - (task.processed ?? 0), {
      what: `the status bar to take off the ${task.processed} exported results`,
    });
    const target = await collectorNode(api, TARGET);
    assert.equal(target.state, 'PAUSED', 'a new target is created empty and paused');
    await screenshot('53-export-finished');
    await client.collectors.delete(TARGET);
  });
});
