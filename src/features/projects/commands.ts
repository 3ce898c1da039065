// Commands of the Projects view: open a topic or filter, copy or insert ids, the default project,
// add, edit and delete custom metrics.
import { projectName } from '../../../core/api/labels';
import * as vscode from 'vscode';
import { defaultProject, setDefaultProject } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import type { ProjectsNode } from './projectsModel';
import type { StreamsNode } from '../streams/streamsModel';
import { apiBundle, liveBundle } from '../../shell/bundles';
import type { CommandArea } from '../../shell/commands/table';

/** The id an item stands for, and what it is, for Copy ID. */
function idOf(node: ProjectsNode | StreamsNode): { id: string; what: string } | undefined {
  switch (node.kind) {
    case 'project':
      return { id: node.project.id, what: 'project' };
    case 'topic':
      return { id: node.topic.id, what: node.isFilter ? 'filter' : 'topic' };
    case 'dataset':
    case 'stream':
    case 'collector':
    case 'tag':
      return { id: node.id, what: node.kind };
    default:
      return undefined;
  }
}

export function projectCommands(ctx: Ctx) {
  const { sidebar, runner } = ctx;
  const metricServices = {
    runner,
    questions: ctx.questions,
    refreshProjects: () => sidebar.projects.refresh(),
  };
  return {
    'mediaMonitoring.customMetric.add': (node: ProjectsNode) =>
      liveBundle().addCustomMetric(metricServices, node),
    'mediaMonitoring.customMetric.edit': (node: ProjectsNode) =>
      liveBundle().editCustomMetric(metricServices, node),
    'mediaMonitoring.customMetric.delete': (node: ProjectsNode, selected?: ProjectsNode[]) =>
      liveBundle().deleteCustomMetrics(metricServices, node, selected),
    'mediaMonitoring.topic.open': (node: ProjectsNode) =>
      runner.call({ title: 'Open the topic' }, async () => {
        if (node.kind !== 'topic') return;
        const topic = await sidebar.projectsModel.topic(node.projectId, node.topic.id);
        // Built in the client's bundle, loaded by now: dist/extension.js has a size budget.
        await ctx.documents.show(
          `/${node.projectId}/${node.isFilter ? 'filters' : 'topics'}/${node.topic.id}.mmq`,
          apiBundle().topicDocument(node.projectId, topic, node.isFilter),
        );
      }),
    'mediaMonitoring.copyId': async (node: ProjectsNode | StreamsNode) => {
      const known = idOf(node);
      if (!known) return;
      await vscode.env.clipboard.writeText(known.id);
      runner.done(`Copied the ${known.what} ID ${known.id}`);
    },
    'mediaMonitoring.insertId': async (node: ProjectsNode) => {
      // Only a tag has a place in a query (`tag:<id>`); a topic id is a search word there.
      if (node.kind !== 'tag') return;
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage(
          'Media Monitoring: open a query file to insert into.',
        );
        return;
      }
      const text = `tag:${node.id}`;
      await editor.edit((builder) => {
        for (const selection of editor.selections) builder.replace(selection, text);
      });
    },
    'mediaMonitoring.project.setDefault': (node?: ProjectsNode) =>
      runner.call({ title: 'Set the default project' }, async ({ client, signal }) => {
        let projectId = node?.kind === 'project' ? node.project.id : undefined;
        if (!projectId) {
          const { projects } = (await client.projects.list({ signal })).result_accinfo;
          const picked = await vscode.window.showQuickPick(
            projects.map((project) => ({
              label: projectName(project),
              description: project.id,
              ...(project.account_name ? { detail: project.account_name } : {}),
              picked: project.id === defaultProject(),
              id: project.id,
            })),
            {
              title: 'Default Media Monitoring project',
              placeHolder: 'Whose tags complete after tag: in files without // @project',
            },
          );
          projectId = picked?.id;
        }
        if (!projectId) return;
        await setDefaultProject(projectId);
        sidebar.projects.refresh();
        runner.done(`Default project: ${projectId}`);
      }),
  } satisfies CommandArea;
}
