// Exports of past results: the Export Tasks view (what each task exported and spent), the wizard
// that starts one and the commands that abort or refresh them.
import * as vscode from 'vscode';
import type { Ctx } from '../../shell/ctx';
import type { ReloadableView } from '../../shell/views/reloadViews';
import type {
  CollectorsPort,
  CreditsPort,
  LanguagePort,
  ProjectsPort,
  StreamsPort,
  TasksPort,
} from '../../shell/ports';
import { exportCommands } from './exportCommands';
import { TasksModel, type TasksNode } from './tasksModel';
import { TASKS_VIEW_ID, TasksTreeProvider } from './tasksView';

export class ExportsFeature implements TasksPort {
  readonly view: TasksTreeProvider;
  readonly treeView: vscode.TreeView<TasksNode>;
  readonly commands: ReturnType<typeof exportCommands>;
  /** The view, as a refresh command reloads it. */
  readonly reloadable: ReloadableView;

  constructor(
    ctx: Ctx,
    ports: {
      readonly projects: ProjectsPort;
      readonly streams: StreamsPort;
      readonly credits: CreditsPort;
      readonly collectors: CollectorsPort;
      readonly language: LanguagePort;
    },
  ) {
    // While a task runs it spends credits as it exports: the status bar follows.
    this.view = ctx.own(
      new TasksTreeProvider(
        new TasksModel(() => ctx.connection.client()),
        ctx.connection,
        (credits) => ports.credits.spent(credits),
      ),
    );
    this.treeView = ctx.own(
      vscode.window.createTreeView(TASKS_VIEW_ID, { treeDataProvider: this.view }),
    );
    ctx.own(ctx.connection.onDidChange(() => this.view.refresh(true)));
    this.reloadable = { viewId: TASKS_VIEW_ID, reload: () => this.view.reload() };
    this.commands = exportCommands(
      ctx,
      { ...ctx.services(), ...ports, tasks: this },
      this.reloadable,
    );
  }

  refresh(): void {
    this.view.refresh();
  }

  started(taskId: string): void {
    this.view.started(taskId);
    this.view.refresh();
  }
}
