// Custom metrics in the Projects view, in a real VS Code against the embedded sandbox (issue
// 13): a customer-intelligence project's dataset templates (named by its datasets) with their
// metrics; add one through the form, delete it after the question; a refusal says the service's
// reason. A project's own metrics beside the templates: added, edited (the tree shows the new
// title; the format shown, never asked) and deleted; an edit the service refuses changes nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../src/testing/testHooks';
import type { ProjectsNode } from '../../../src/features/projects/projectsModel';
import { extensionApi } from './support/extension';
import { clickInWorkbench, screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

const TITLE = 'New custom metric of tmpl-feedback';

async function templateNode(api: MediaMonitoringApi): Promise<ProjectsNode> {
  const projects = api.sidebar.projects;
  const insights = (await projects.getChildren()).find(
    (node) => node.kind === 'project' && node.project.id === 'p-insights',
  );
  assert.ok(insights, 'the customer-intelligence project');
  const section = (await projects.getChildren(insights)).find(
    (node) => node.kind === 'section' && node.section === 'metrics',
  );
  assert.ok(section);
  const template = (await projects.getChildren(section)).find((node) => node.kind === 'template');
  assert.ok(template?.kind === 'template', 'a dataset template');
  return template;
}

/** The node of a project's own metrics ("Project metrics" under Custom metrics). */
async function projectMetricsNode(
  api: MediaMonitoringApi,
  projectId: string,
): Promise<ProjectsNode> {
  const projects = api.sidebar.projects;
  const project = (await projects.getChildren()).find(
    (node) => node.kind === 'project' && node.project.id === projectId,
  );
  assert.ok(project, projectId);
  const section = (await projects.getChildren(project)).find(
    (node) => node.kind === 'section' && node.section === 'metrics',
  );
  assert.ok(section);
  const [own] = await projects.getChildren(section);
  assert.ok(own?.kind === 'projectMetrics', 'the project metrics first');
  return own;
}

/** The metric of that name under `owner`, as the tree has it now. */
async function metricNode(
  api: MediaMonitoringApi,
  owner: ProjectsNode,
  name: string,
): Promise<Extract<ProjectsNode, { kind: 'metric' }> | undefined> {
  const children = await api.sidebar.projects.getChildren(owner);
  return children.find(
    (node): node is Extract<ProjectsNode, { kind: 'metric' }> =>
      node.kind === 'metric' && node.metric.name === name,
  );
}

async function metricNames(api: MediaMonitoringApi): Promise<string[]> {
  const children = await api.sidebar.projects.getChildren(await templateNode(api));
  return children.flatMap((node) => (node.kind === 'metric' ? [node.metric.name] : []));
}

describe('custom metrics in the Projects view', () => {
  it('add one through the form under its dataset template; delete it after asking', async () => {
    const api = await extensionApi();
    const template = await templateNode(api);
    assert.equal(
      api.sidebar.projects.getTreeItem(template).description,
      'Customer survey, Support tickets (archived)',
    );
    void vscode.commands.executeCommand('mediaMonitoring.customMetric.add', template);
    await typeIntoQuickInput('satisfaction', TITLE);
    await typeIntoQuickInput('Customer satisfaction', TITLE);
    await typeIntoQuickInput('', TITLE);
    await typeIntoQuickInput('DECIMAL', TITLE);
    await typeIntoQuickInput('Shown in the UI', TITLE);
    await eventually(
      () => api.lastConfirmation() === 'Custom metric satisfaction added to tmpl-feedback',
      { what: 'the metric added' },
    );
    await api.sidebar.projects.reload();
    await eventually(async () => (await metricNames(api)).includes('satisfaction'), {
      what: 'the metric in the tree',
    });
    const node = (await api.sidebar.projects.getChildren(template)).find(
      (each) => each.kind === 'metric' && each.metric.name === 'satisfaction',
    );
    assert.ok(node);
    assert.equal(
      api.sidebar.projects.getTreeItem(node).description,
      'Customer satisfaction · decimal · shown in UI',
    );
    await api.sidebar.projectsView.reveal(node, { select: true, expand: true });
    await screenshot('55-custom-metric-added');

    api.answerNextQuestions('Delete');
    await vscode.commands.executeCommand('mediaMonitoring.customMetric.delete', node, [node]);
    assert.match(
      api.questions().lastAsked ?? '',
      /^Delete custom metric "satisfaction" of tmpl-feedback\?/,
    );
    await eventually(() => api.lastConfirmation() === '1 custom metric deleted', {
      what: 'the metric deleted',
    });
    await api.sidebar.projects.reload();
    assert.ok(!(await metricNames(api)).includes('satisfaction'));
  });

  it('a metric the service refuses (its name exists): said with the reason of the service, nothing added', async () => {
    const api = await extensionApi();
    const template = await templateNode(api);
    const before = await metricNames(api);
    const existing = 'repeated';
    for (const attempt of [1, 2]) {
      void vscode.commands.executeCommand('mediaMonitoring.customMetric.add', template);
      await typeIntoQuickInput(existing, TITLE);
      await typeIntoQuickInput(`Repeated ${attempt}`, TITLE);
      await typeIntoQuickInput('', TITLE);
      await typeIntoQuickInput('INTEGER', TITLE);
      await typeIntoQuickInput('Not shown in the UI', TITLE);
      if (attempt === 1)
        await eventually(
          () => api.lastConfirmation() === `Custom metric ${existing} added to tmpl-feedback`,
          {
            what: 'the first one added',
          },
        );
    }
    await eventually(() => api.lastRefusal() !== undefined, { what: 'the refusal said' });
    assert.equal(
      api.lastRefusal(),
      `Custom metric ${existing} was not added: Custom metric ${existing} already exists`,
    );
    // Also where the user looks when a toast is hidden or missed: the status bar.
    assert.equal(api.lastFailure(), api.lastRefusal());
    await api.sidebar.projects.reload();
    const after = await metricNames(api);
    assert.deepEqual(
      after.filter((name) => name === existing),
      [existing],
      'one metric of that name',
    );
    assert.equal(after.length, before.length + 1);
    // Left as found for the suites after this one.
    const node = (await api.sidebar.projects.getChildren(template)).find(
      (each) => each.kind === 'metric' && each.metric.name === existing,
    );
    assert.ok(node);
    api.answerNextQuestions('Delete');
    await vscode.commands.executeCommand('mediaMonitoring.customMetric.delete', node, [node]);
    await eventually(() => api.lastConfirmation() === '1 custom metric deleted', {
      what: 'the metric deleted',
    });
  });

  it("a project's own metrics: added under Project metrics, the title edited (the tree shows it), deleted", async () => {
    const api = await extensionApi();
    const own = await projectMetricsNode(api, '7c1e-demo');
    assert.equal(api.sidebar.projects.getTreeItem(own).label, 'Project metrics');
    const adding = 'New custom metric of project 7c1e-demo';
    void vscode.commands.executeCommand('mediaMonitoring.customMetric.add', own);
    await typeIntoQuickInput('reach_score', adding);
    await typeIntoQuickInput('Reach score', adding);
    await typeIntoQuickInput('How far a post travels', adding);
    await typeIntoQuickInput('DECIMAL', adding);
    await typeIntoQuickInput('Not shown in the UI', adding);
    await eventually(
      () => api.lastConfirmation() === 'Custom metric reach_score added to project 7c1e-demo',
      { what: 'the metric added' },
    );
    await api.sidebar.projects.reload();
    const added = await eventually(() => metricNode(api, own, 'reach_score'), {
      what: 'the metric in the tree',
    });
    assert.equal(api.sidebar.projects.getTreeItem(added).description, 'Reach score · decimal');

    await vscode.commands.executeCommand('workbench.view.extension.mediaMonitoring');
    await api.sidebar.projectsView.reveal(added, { select: true, expand: true });
    const editing = 'Edit custom metric reach_score of project 7c1e-demo';
    void vscode.commands.executeCommand('mediaMonitoring.customMetric.edit', added);
    // The first step, with the title as it is and the format that cannot change, on screen.
    await clickInWorkbench('.quick-input-widget .quick-input-title', `${editing} (1/3)`);
    await screenshot('59-custom-metric-edit-form');
    await typeIntoQuickInput('Weighted reach', `${editing} (1/3)`);
    await typeIntoQuickInput('How far a post travels', `${editing} (2/3)`);
    await typeIntoQuickInput('Shown in the UI', `${editing} (3/3)`);
    await eventually(
      () => api.lastConfirmation() === 'Custom metric reach_score of project 7c1e-demo updated',
      { what: `the metric updated (last: ${api.lastConfirmation() ?? ''})` },
    );
    const edited = await eventually(
      async () => {
        const node = await metricNode(api, own, 'reach_score');
        return node?.metric.title === 'Weighted reach' ? node : undefined;
      },
      { what: 'the tree shows the new title' },
    );
    assert.equal(
      api.sidebar.projects.getTreeItem(edited).description,
      'Weighted reach · decimal · shown in UI',
    );
    assert.equal(edited.metric.description, 'How far a post travels');
    // The view draws it (its refresh is its own): the row with the new title, selected.
    await clickInWorkbench('.monaco-list-row', 'Weighted reach');
    await screenshot('60-custom-metric-edited');

    api.answerNextQuestions('Delete');
    await vscode.commands.executeCommand('mediaMonitoring.customMetric.delete', edited, [edited]);
    assert.match(
      api.questions().lastAsked ?? '',
      /^Delete custom metric "reach_score" of project 7c1e-demo\?\nreach_score: the project's documents lose this field\.$/,
    );
    await eventually(() => api.lastConfirmation() === '1 custom metric deleted', {
      what: 'the metric deleted',
    });
    await api.sidebar.projects.reload();
    assert.equal(await metricNode(api, own, 'reach_score'), undefined);
  });

  it('an edit the service refuses (the metric was deleted meanwhile): its reason said, nothing changed', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    await client.customMetrics.add('p-insights', 'tmpl-feedback', [
      { name: 'fleeting', title: 'Fleeting', format: 'INTEGER' },
    ]);
    await api.sidebar.projects.reload();
    const template = await templateNode(api);
    const node = await eventually(() => metricNode(api, template, 'fleeting'), {
      what: 'the metric in the tree',
    });
    // Another client deletes it while the tree still shows it.
    await client.customMetrics.delete('p-insights', 'tmpl-feedback', 'fleeting');
    const editing = 'Edit custom metric fleeting of tmpl-feedback';
    void vscode.commands.executeCommand('mediaMonitoring.customMetric.edit', node);
    await typeIntoQuickInput('Not so fleeting', `${editing} (1/3)`);
    await typeIntoQuickInput('', `${editing} (2/3)`);
    await typeIntoQuickInput('Shown in the UI', `${editing} (3/3)`);
    await eventually(
      () => api.lastRefusal()?.startsWith('Custom metric fleeting was not updated'),
      {
        what: `the refusal said (last: ${api.lastRefusal() ?? ''})`,
      },
    );
    assert.equal(
      api.lastRefusal(),
      'Custom metric fleeting was not updated: Custom metric fleeting not updated: there is no custom metric of that name',
    );
    // Nothing was made of it: the tree, fetched again, has no such metric.
    await api.sidebar.projects.reload();
    assert.ok(!(await metricNames(api)).includes('fleeting'));
    const listed = await client.customMetrics.list('p-insights', 'tmpl-feedback');
    assert.ok(
      !listed.result_custom_metrics.data.some((each) => each.custom_metric.name === 'fleeting'),
    );
  });
});
