// The Projects view and what other features read of the account's projects through it (the
// ProjectsPort): the wizards' choices, a run's project, the language server's completion of tags
// and topics. What the view has fetched is reused, so asking costs no second call.
import { projectName, titleOf } from '../../../core/api/labels';
import type { Project } from '../../../core/api/schemas/projects';
import * as vscode from 'vscode';
import { defaultProject, SECTION } from '../../shell/connection/settings';
import type { Ctx } from '../../shell/ctx';
import type { ReloadableView } from '../../shell/views/reloadViews';
import type { ProjectsPort, SectionItem, TailsPort } from '../../shell/ports';
import { projectCommands } from './projectCommands';
import { ProjectsModel, type ProjectsNode } from './projectsModel';
import { PROJECTS_VIEW_ID, ProjectsTreeProvider } from './projectsView';

export class ProjectsFeature implements ProjectsPort {
  readonly model: ProjectsModel;
  readonly view: ProjectsTreeProvider;
  readonly treeView: vscode.TreeView<ProjectsNode>;
  readonly commands: ReturnType<typeof projectCommands>;
  /** The view, as a refresh command reloads it. */
  readonly reloadable: ReloadableView;

  constructor(ctx: Ctx, tails: TailsPort) {
    this.model = new ProjectsModel(() => ctx.connection.client(), defaultProject);
    this.view = ctx.own(
      new ProjectsTreeProvider(this.model, ctx.connection, 'projects', (kind, id) =>
        tails.parts(kind, id),
      ),
    );
    this.treeView = ctx.own(
      vscode.window.createTreeView(PROJECTS_VIEW_ID, {
        treeDataProvider: this.view,
        showCollapseAll: true,
        // Several custom metrics are deleted at once.
        canSelectMany: true,
      }),
    );
    // A project's tail shows on its item; another connection is another service.
    ctx.own(tails.onDidChange(() => this.view.redraw()));
    ctx.own(ctx.connection.onDidChange(() => this.view.refresh(true)));
    ctx.own(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${SECTION}.defaultProject`)) this.view.refresh();
      }),
    );
    this.reloadable = { viewId: PROJECTS_VIEW_ID, reload: () => this.view.reload() };
    this.commands = projectCommands(ctx, this.model, this.view);
  }

  list(): Promise<readonly Project[]> {
    return this.model.list();
  }

  async section(
    projectId: string,
    section: 'topics' | 'filters' | 'datasets',
  ): Promise<SectionItem[]> {
    const nodes = await this.model.children({ kind: 'section', projectId, section });
    return nodes.flatMap((node): SectionItem[] => {
      if (node.kind === 'group')
        return node.topics.map((topic) => ({
          id: topic.id,
          label: titleOf(topic),
          detail: node.title,
        }));
      if (node.kind === 'dataset') return [{ id: node.id, label: node.title }];
      return [];
    });
  }

  projectContext(projectId: string): ReturnType<ProjectsPort['projectContext']> {
    return this.model.projectContext(projectId);
  }

  async pick(placeHolder: string): Promise<string | undefined> {
    const projects = await this.model.list();
    const picked = await vscode.window.showQuickPick(
      projects.map((project) => ({
        label: projectName(project),
        description: project.id,
        id: project.id,
      })),
      { title: 'Media Monitoring project', placeHolder },
    );
    return picked?.id;
  }

  async name(projectId: string): Promise<string> {
    try {
      const found = (await this.model.list()).find((project) => project.id === projectId);
      return found ? projectName(found) : projectId;
    } catch {
      return projectId;
    }
  }

  refresh(): void {
    this.view.refresh();
  }
}
