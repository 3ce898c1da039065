// Commands of the Projects view: open a topic or filter, copy or insert ids, the default project,
// refresh the view.
import { projectName } from '../../../core/api/labels';
import * as vscode from 'vscode';
import { defaultProject, setDefaultProject } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import type { ProjectsNode, StreamsNode } from '../../shell/views/treeNodes';
import type { CommandArea } from '../../shell/commands/table';
import { reloadViews } from '../../shell/views/reloadViews';
import { PROJECTS_VIEW_ID } from './projectsView';
import { projectsBundle } from './projectsBundle';
import type { ProjectsModel } from './projectsModel';
import type { ProjectsTreeProvider } from './projectsView';

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

export function projectCommands(ctx: Ctx, model: ProjectsModel, view: ProjectsTreeProvider) {
  const { runner } = ctx;
  return {
    'mediaMonitoring.projects.refresh': () =>
      reloadViews(ctx, 'Projects', [{ viewId: PROJECTS_VIEW_ID, reload: () => view.reload() }]),
    'mediaMonitoring.topic.open': (node: ProjectsNode) =>
      runner.call({ title: 'Open the topic' }, async () => {
        if (node.kind !== 'topic') return;
        const topic = await model.topic(node.projectId, node.topic.id);
        // Built in the projects' bundle: dist/extension.js has a size budget.
        await ctx.documents.show(
          `/${node.projectId}/${node.isFilter ? 'filters' : 'topics'}/${node.topic.id}.mmq`,
          projectsBundle().topicDocument(node.projectId, topic, node.isFilter),
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
        view.refresh();
        runner.done(`Default project: ${projectId}`);
      }),
  } satisfies CommandArea;
}
