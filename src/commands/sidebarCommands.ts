// Commands of the sidebar's items: open a topic, copy or insert ids, the default project,
// collector actions, aborting a task, refreshing.
import * as vscode from 'vscode';
import type { Connection } from '../connection/connection';
import { defaultProject, setDefaultProject } from '../connection/settings';
import type { ProjectsModel, ProjectsNode } from '../model/projectsModel';
import type { StreamsNode } from '../model/streamsModel';
import type { TasksNode } from '../model/tasksModel';
import { topicDocument } from '../model/topicDocument';
import type { Feedback } from '../feedback';
import type { ReadonlyDocuments } from '../readonlyDocuments';
import type { CreditsStatus } from '../status/creditsStatus';
import type { Questions } from '../ui/questions';
import type { ProjectsTreeProvider } from '../views/projectsView';
import type { StreamsTreeProvider } from '../views/streamsView';
import type { TasksTreeProvider } from '../views/tasksView';

export interface Sidebar {
  readonly projects: ProjectsTreeProvider;
  readonly streams: StreamsTreeProvider;
  readonly tasks: TasksTreeProvider;
  readonly projectsModel: ProjectsModel;
}

/** The id an item stands for, in the form a query uses. */
function idOf(node: ProjectsNode | StreamsNode): string | undefined {
  switch (node.kind) {
    case 'project':
      return node.project.id;
    case 'topic':
      return node.topic.id;
    case 'dataset':
    case 'stream':
    case 'collector':
      return node.id;
    case 'tag':
      return node.id;
    default:
      return undefined;
  }
}

/** What an id is, in the confirmation of Copy ID. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  project: 'project',
  topic: 'topic',
  dataset: 'dataset',
  stream: 'stream',
  collector: 'collector',
  tag: 'tag',
};

export function registerSidebarCommands(
  connection: Connection,
  sidebar: Sidebar,
  documents: ReadonlyDocuments,
  credits: CreditsStatus,
  feedback: Feedback,
  questions: Questions,
): vscode.Disposable[] {
  const act = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error: unknown) {
      connection.noticeFailure(error);
      void vscode.window.showErrorMessage(
        `Media Monitoring: ${what}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const client = () => connection.client();
  /** Reloads views with their progress bars, then confirms (a failure is reported by the view). */
  const reload = async (
    what: string,
    views: readonly (readonly [string, { reload(): Promise<void> }])[],
  ) => {
    await Promise.all(
      views.map(([viewId, view]) =>
        vscode.window.withProgress({ location: { viewId } }, () => view.reload()),
      ),
    );
    if (connection.state.kind === 'connected') feedback.done(`${what} refreshed`);
  };
  /** After an action on a collector or a task: the views and the credits may have changed. */
  const acted = (message: string, view: { refresh(): void }) => {
    view.refresh();
    credits.spent();
    feedback.done(message);
  };
  return [
    vscode.commands.registerCommand('mediaMonitoring.refreshAll', () =>
      reload('Sidebar', [
        ['mediaMonitoring.projects', sidebar.projects],
        ['mediaMonitoring.streams', sidebar.streams],
        ['mediaMonitoring.tasks', sidebar.tasks],
      ]),
    ),
    vscode.commands.registerCommand('mediaMonitoring.projects.refresh', () =>
      reload('Projects', [['mediaMonitoring.projects', sidebar.projects]]),
    ),
    vscode.commands.registerCommand('mediaMonitoring.streams.refresh', () =>
      reload('Streams and collectors', [['mediaMonitoring.streams', sidebar.streams]]),
    ),
    vscode.commands.registerCommand('mediaMonitoring.tasks.refresh', () =>
      reload('Export tasks', [['mediaMonitoring.tasks', sidebar.tasks]]),
    ),

    vscode.commands.registerCommand('mediaMonitoring.topic.open', (node: ProjectsNode) =>
      act('could not open the topic', async () => {
        if (node.kind !== 'topic') return;
        const topic = await sidebar.projectsModel.topic(node.projectId, node.topic.id);
        await documents.show(
          `/${node.projectId}/${node.isFilter ? 'filters' : 'topics'}/${node.topic.id}.mmq`,
          topicDocument(node.projectId, topic, node.isFilter),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'mediaMonitoring.copyId',
      async (node: ProjectsNode | StreamsNode) => {
        const id = idOf(node);
        if (id === undefined) return;
        await vscode.env.clipboard.writeText(id);
        feedback.done(`Copied the ${KIND_NAMES[node.kind] ?? ''} ID ${id}`);
      },
    ),
    vscode.commands.registerCommand('mediaMonitoring.insertId', async (node: ProjectsNode) => {
      const editor = vscode.window.activeTextEditor;
      const id = idOf(node);
      if (!editor || id === undefined) {
        void vscode.window.showInformationMessage(
          'Media Monitoring: open a query file to insert into.',
        );
        return;
      }
      // Only a tag has a place in a query (`tag:<id>`); a topic id is a search word there.
      if (node.kind !== 'tag') return;
      const text = `tag:${id}`;
      await editor.edit((builder) => {
        for (const selection of editor.selections) builder.replace(selection, text);
      });
    }),
    vscode.commands.registerCommand('mediaMonitoring.project.setDefault', (node?: ProjectsNode) =>
      act('could not set the default project', async () => {
        let projectId = node?.kind === 'project' ? node.project.id : undefined;
        if (!projectId) {
          const projects = (await (await client()).projects.list()).result_accinfo.projects;
          const picked = await vscode.window.showQuickPick(
            projects.map((project) => ({
              label: project.name,
              description: project.id,
              detail: project.account_name,
              picked: project.id === defaultProject(),
              id: project.id,
            })),
            {
              title: 'Default Media Monitoring project',
              placeHolder: 'Its tags complete after tag: in files without // @project',
            },
          );
          projectId = picked?.id;
        }
        if (!projectId) return;
        await setDefaultProject(projectId);
        sidebar.projects.refresh();
        feedback.done(`Default project: ${projectId}`);
      }),
    ),

    vscode.commands.registerCommand('mediaMonitoring.collector.pause', (node: StreamsNode) =>
      act('could not pause the collector', async () => {
        if (node.kind !== 'collector') return;
        await (await client()).collectors.pause(node.id);
        acted(`Collector ${node.id} paused`, sidebar.streams);
      }),
    ),
    vscode.commands.registerCommand('mediaMonitoring.collector.resume', (node: StreamsNode) =>
      act('could not resume the collector', async () => {
        if (node.kind !== 'collector') return;
        await (await client()).collectors.resume(node.id);
        acted(`Collector ${node.id} resumed`, sidebar.streams);
      }),
    ),
    vscode.commands.registerCommand('mediaMonitoring.collector.delete', (node: StreamsNode) =>
      act('could not delete the collector', async () => {
        if (node.kind !== 'collector') return;
        const choice = await questions.ask(
          `Delete collector "${node.id}"?`,
          'Everything it buffered is deleted for good.',
          'Delete',
        );
        if (choice !== 'Delete') return;
        await (await client()).collectors.delete(node.id);
        acted(`Collector ${node.id} deleted`, sidebar.streams);
      }),
    ),
    vscode.commands.registerCommand('mediaMonitoring.collector.tail', (node: StreamsNode) =>
      act('could not show the collector', async () => {
        if (node.kind !== 'collector') return;
        const answer = await (await client()).collectors.get(node.id);
        const collector = answer.result_stream.collectors[0];
        await documents.show(
          `/collectors/${node.id}.json`,
          `${JSON.stringify({ collector_id: node.id, state: collector?.state, collector_query: collector?.query ?? {} }, null, 2)}\n`,
        );
      }),
    ),
    vscode.commands.registerCommand('mediaMonitoring.task.abort', (node: TasksNode) =>
      act('could not abort the export', async () => {
        if (node.kind !== 'task') return;
        const choice = await questions.ask(
          `Abort export task ${node.task.id}?`,
          `What it exported so far stays in ${node.task.target ?? 'its target'}.`,
          'Abort',
        );
        if (choice !== 'Abort') return;
        await (await client()).exports.abort(node.task.id);
        acted(`Export task ${node.task.id} aborted`, sidebar.tasks);
      }),
    ),
  ];
}
