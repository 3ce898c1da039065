// The extension's context (rust-analyzer's `Ctx`): owns every long-lived part, the order they
// are made in, and their disposal, in reverse. Commands get it whole (commands/table.ts);
// activate() only makes it, registers the commands and starts what runs in the background.
import { projectName } from '../../core/api/labels';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CommandRunner } from './commands/runner';
import { Connection } from './connection/connection';
import { announceFailures } from '../features/connection/notices';
import {
  affectsConnection,
  defaultProject,
  readConnectionSettings,
  SECTION,
  serviceKey,
} from './connection/settings';
import type { TailKind } from '../../core/streams/tailSource';
import type { TailParts } from './views/tailParts';
import type { Tails, TailStatus } from '../features/tails/tails';
import { TokenStore } from './connection/token';
import { Feedback } from './feedback';
import { addRule } from '../features/language/addRule';
import { RuleLenses } from '../features/language/codeLens';
import { errorsOf, rulesOf } from '../features/language/rules';
import type { RunCommands } from '../features/results/runCommands';
import { apiBundle, detectBundle, liveBundle, resultsBundle } from './bundles';
import type { Detection } from '../features/detection/detection';
import type { Uploads } from '../features/uploads/uploads';
import type { ResultsPanels } from '../features/results/resultsPanels';
import type { ResultsDrawn } from '../features/results/resultsServices';
import { RESULTS_VIEW_TYPE } from '../features/results/viewType';
import { createLanguageClient } from '../features/language/client';
import { ProjectsModel, type ProjectsNode } from '../features/projects/projectsModel';
import { CollectorReads } from '../features/collectors/collectorReads';
import { StreamsModel } from '../features/streams/streamsModel';
import { TasksModel } from '../features/exports/tasksModel';
import { answerProjectContext } from '../features/language/projectContext';
import { READONLY_SCHEME, ReadonlyDocuments } from './readonlyDocuments';
import { CreditsStatus } from '../features/connection/creditsStatus';
import { Questions } from './questions';
import { ProjectsTreeProvider } from '../features/projects/projectsView';
import { StreamsTreeProvider } from '../features/streams/streamsView';
import { TasksTreeProvider } from '../features/exports/tasksView';
import { workspaceStreamRules } from '../features/streams/workspaceStreams';

export interface Sidebar {
  readonly projectsModel: ProjectsModel;
  readonly projects: ProjectsTreeProvider;
  readonly projectsView: vscode.TreeView<ProjectsNode>;
  readonly streams: StreamsTreeProvider;
  readonly tasks: TasksTreeProvider;
}

export class Ctx implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly tokens: TokenStore;
  readonly connection: Connection;
  readonly feedback: Feedback;
  readonly questions: Questions;
  readonly runner: CommandRunner;
  readonly credits: CreditsStatus;
  readonly documents: ReadonlyDocuments;
  /** When each collector was last read from this machine (the Streams view warns about unread ones). */
  readonly collectorReads: CollectorReads;
  readonly sidebar: Sidebar;
  readonly languageClient: LanguageClient;
  /** A run's answer was drawn in a results panel (the log says so too; the benchmark times it). */
  readonly resultsDrawn = new vscode.EventEmitter<ResultsDrawn>();
  private resultsPanels: ResultsPanels | undefined;
  private detectionLoaded: Detection | undefined;
  private tailsLoaded: Tails | undefined;
  private uploadsLoaded: Uploads | undefined;
  private runCommandsLoaded: RunCommands | undefined;
  private readonly owned: vscode.Disposable[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.log = this.own(vscode.window.createOutputChannel('Media Monitoring', { log: true }));
    this.own(this.resultsDrawn);
    this.tokens = this.own(new TokenStore(extension.secrets));
    this.connection = this.own(
      new Connection(this.tokens, this.log, version(extension), extension.globalStorageUri),
    );
    this.feedback = new Feedback(this.log);
    this.questions = new Questions(this.log);
    this.runner = new CommandRunner(
      this.connection,
      this.questions,
      this.feedback,
      this.log,
      extension.globalState,
    );
    this.credits = this.own(new CreditsStatus(this.connection, this.log));
    this.documents = this.own(new ReadonlyDocuments());
    this.own(
      vscode.workspace.registerFileSystemProvider(READONLY_SCHEME, this.documents, {
        isReadonly: true,
        isCaseSensitive: true,
      }),
    );
    this.collectorReads = new CollectorReads(
      extension.globalState,
      () => readConnectionSettings().baseUrl || 'sandbox',
    );
    this.sidebar = this.makeSidebar();
    this.languageClient = this.own(createLanguageClient(extension, this.log));
    this.own(
      answerProjectContext(
        this.languageClient,
        this.connection,
        this.sidebar.projectsModel,
        this.log,
      ),
    );
    this.own(announceFailures(this.connection));
    this.own(
      vscode.languages.registerCodeLensProvider(
        { language: 'mmq' },
        this.own(new RuleLenses(this.languageClient)),
      ),
    );
    // Registered at activation (onWebviewPanel:…), so that a reload brings the panels back; the
    // panels' bundle loads only then.
    this.own(
      vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state) => this.results().restore(panel, state),
      }),
    );
    this.reactToChanges();
  }

  /** The results panels, loaded on first use (dist/results.js). */
  results(): ResultsPanels {
    if (!this.resultsPanels) {
      const bundle = resultsBundle();
      this.resultsPanels = this.own(
        new bundle.ResultsPanels({
          extensionUri: this.extension.extensionUri,
          log: this.log,
          runner: this.runner,
          saveLocation: (options) => this.questions.saveLocation(options),
          documents: this.documents,
          client: () => this.connection.client(),
          sandbox: () =>
            this.connection.state.kind === 'connected' && this.connection.state.sandbox,
          choices: async (projectId) =>
            bundle.projectChoices(await this.connection.client(), projectId),
          addRule: (source, id, query) => addRule(this.languageClient, source, id, query),
          drawn: (event) => this.resultsDrawn.fire(event),
        }),
      );
    }
    return this.resultsPanels;
  }

  /** Image detection's commands and panel, loaded on first use (dist/detect.js). */
  detection(): Detection {
    return (this.detectionLoaded ??= this.own(new (detectBundle().Detection)(this)));
  }

  /** The tails of streams, collectors and projects, loaded on first use (dist/live.js). */
  tails(): Tails {
    if (!this.tailsLoaded) {
      const tails = this.own(
        new (liveBundle().Tails)({
          workspaceState: this.extension.workspaceState,
          client: () => this.connection.client(),
          service: serviceKey,
          log: this.log,
          collectorRead: (collectorId) => {
            this.collectorReads
              .noteRead(collectorId)
              .catch((error: unknown) =>
                this.log.warn(`collector read not kept: ${String(error)}`),
              );
          },
        }),
      );
      // Streams and collectors show their tails in their view, projects in the Projects view.
      this.own(
        tails.onDidChange(() => {
          this.sidebar.streams.redraw();
          this.sidebar.projects.redraw();
        }),
      );
      this.tailsLoaded = tails;
    }
    return this.tailsLoaded;
  }

  /**
   * Starts again the tails that ran when the window last closed (a reload, a restart): only
   * when workspace state has some, so that a window without tails never loads dist/live.js.
   */
  restoreTails(): void {
    const kept = this.extension.workspaceState.get<Record<string, { state?: unknown }>>(
      `tails.${serviceKey()}`,
    );
    if (!kept || !Object.values(kept).some((tail) => tail.state !== 'stopped')) return;
    this.tails()
      .restore()
      .then((count) => this.log.info(`tails restored: ${count}`))
      .catch((error: unknown) => this.log.warn(`tails not restored: ${String(error)}`));
  }

  /** Uploads: their diagnostics and report panel, loaded on first use (dist/live.js). */
  uploads(): Uploads {
    return (this.uploadsLoaded ??= this.own(new (liveBundle().Uploads)(this)));
  }

  /** A source's tail, if this window has had one (nothing is loaded to answer). */
  tailStatus(kind: TailKind, id: string): TailStatus | undefined {
    return this.tailsLoaded?.status(kind, id);
  }

  /** A source's tail as its tree item shows it, if this window has had one. */
  tailParts(kind: TailKind, id: string): TailParts | undefined {
    return this.tailsLoaded?.parts(kind, id);
  }

  /** The window closes: tails stop where they are, marked to start again in the next one. */
  async closeTails(): Promise<void> {
    await this.tailsLoaded?.close();
  }

  /** The run commands, loaded with the results panels' bundle on first use. */
  runCommands(): RunCommands {
    this.runCommandsLoaded ??= new (resultsBundle().RunCommands)({
      language: {
        rulesOf: (document) => rulesOf(this.languageClient, document),
        errorsOf: (query) => errorsOf(this.languageClient, query),
      },
      workspaceState: this.extension.workspaceState,
      pickProject: (placeHolder) => this.pickProject(placeHolder),
      projectName: (projectId) => this.projectName(projectId),
      run: (spec) => this.results().run(spec),
    });
    return this.runCommandsLoaded;
  }

  /** Asks which project; undefined when the user chose none. */
  async pickProject(placeHolder: string): Promise<string | undefined> {
    const projects = await this.sidebar.projectsModel.list();
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

  /** A project's name, or its id when the list cannot say. */
  async projectName(projectId: string): Promise<string> {
    try {
      const projects = await this.sidebar.projectsModel.list();
      const found = projects.find((project) => project.id === projectId);
      return found ? projectName(found) : projectId;
    } catch {
      return projectId;
    }
  }

  /** Takes ownership: disposed with the context, in reverse order of taking. */
  own<T extends vscode.Disposable>(part: T): T {
    this.owned.push(part);
    return part;
  }

  dispose(): void {
    for (const part of this.owned.splice(0).reverse()) {
      try {
        part.dispose();
      } catch (error: unknown) {
        console.error('Media Monitoring: disposing failed', error);
      }
    }
  }

  private makeSidebar(): Sidebar {
    const client = () => this.connection.client();
    const projectsModel = new ProjectsModel(client, defaultProject);
    const projects = this.own(
      new ProjectsTreeProvider(projectsModel, this.connection, 'projects', (kind, id) =>
        this.tailParts(kind, id),
      ),
    );
    const streams = this.own(
      new StreamsTreeProvider(
        new StreamsModel(client, apiBundle, workspaceStreamRules),
        this.connection,
        'streams',
        this.collectorReads,
        (kind, id) => this.tailParts(kind, id),
      ),
    );
    // While a task runs it spends credits as it exports: the status bar follows.
    const tasks = this.own(
      new TasksTreeProvider(new TasksModel(client), this.connection, (credits) =>
        this.credits.spent(credits),
      ),
    );
    // Every view is registered at activation, so none shows "no data provider".
    const projectsView = this.own(
      vscode.window.createTreeView('mediaMonitoring.projects', {
        treeDataProvider: projects,
        showCollapseAll: true,
        // Several custom metrics are deleted at once.
        canSelectMany: true,
      }),
    );
    this.own(
      vscode.window.createTreeView('mediaMonitoring.streams', { treeDataProvider: streams }),
    );
    this.own(vscode.window.createTreeView('mediaMonitoring.tasks', { treeDataProvider: tasks }));
    return { projectsModel, projects, projectsView, streams, tasks };
  }

  private reactToChanges(): void {
    const { sidebar, connection } = this;
    this.own(
      // Another connection, another service: nothing shown so far holds any more.
      connection.onDidChange(() => {
        sidebar.projects.refresh(true);
        sidebar.streams.refresh(true);
        sidebar.tasks.refresh(true);
      }),
    );
    this.own(
      // A new token matters to a service only: the embedded sandbox keeps running as it is.
      this.tokens.onDidChange(() => {
        if (readConnectionSettings().baseUrl !== '') void connection.reconnect();
      }),
    );
    this.own(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affectsConnection(event)) void connection.reconnect();
        if (event.affectsConfiguration(`${SECTION}.defaultProject`)) sidebar.projects.refresh();
      }),
    );
  }
}

function version(extension: vscode.ExtensionContext): string {
  const declared = (extension.extension.packageJSON as { version?: unknown }).version;
  return typeof declared === 'string' ? declared : '0.0.0';
}
