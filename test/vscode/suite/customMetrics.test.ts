// Custom metrics in the Projects view, in a real VS Code against the embedded sandbox (issue
// 13): a customer-intelligence project's dataset templates (named by its datasets) with their
// metrics; add one through the form, delete it after the question; a refusal says the service's
// reason.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaMonitoringApi } from '../../../src/extension';
import type { ProjectsNode } from '../../../src/model/projectsModel';
import { extensionApi } from './support/extension';
import { screenshot, typeIntoQuickInput } from './support/screenshot';
import { waitFor } from './support/wait';

const TITLE = 'New custom metric of tmpl-feedback';

async function templateNode(api: MediaMonitoringApi): Promise<ProjectsNode> {
  const projects = api.sidebar.projects;
  const insights = (await projects.getChildren()).find(
    (node) => node.kind === 'project' && node.project.id === 'p-insights',
  );
  assert.ok(insights, 'the customer-intelligence project');
  const section = (await projects.getChildren(insights)).find(
    (node) => node.kind === 'section' && node.section === 'templates',
  );
  assert.ok(section);
  const [template] = await projects.getChildren(section);
  assert.ok(template?.kind === 'template', 'a dataset template');
  return template;
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
    await waitFor(
      () => api.lastConfirmation() === 'Custom metric satisfaction added to tmpl-feedback',
      { message: 'the metric added' },
    );
    await api.sidebar.projects.reload();
    await waitFor(async () => (await metricNames(api)).includes('satisfaction'), {
      message: 'the metric in the tree',
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
    await waitFor(() => api.lastConfirmation() === '1 custom metric deleted', {
      message: 'the metric deleted',
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
        await waitFor(
          () => api.lastConfirmation() === `Custom metric ${existing} added to tmpl-feedback`,
          {
            message: 'the first one added',
          },
        );
    }
    await waitFor(() => api.lastRefusal() !== undefined, { message: 'the refusal said' });
    assert.equal(
      api.lastRefusal(),
      `Custom metric ${existing} was not added: Custom metric ${existing} already exists`,
    );
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
    await waitFor(() => api.lastConfirmation() === '1 custom metric deleted', {
      message: 'the metric deleted',
    });
  });
});
