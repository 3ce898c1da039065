// Composition root of the extension: creates each long-lived part once and registers it with
// the extension context, so VS Code disposes everything on deactivation. The API client and the
// sandbox load from their own bundles on first use (src/connection/bundles.ts), so activation
// stays small and fast.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { registerConnectionCommands } from './commands/connectionCommands';
import { registerSidebarCommands } from './commands/sidebarCommands';
import { Connection } from './connection/connection';
import { affectsConnection, readConnectionSettings, SECTION } from './connection/settings';
import { TokenStore } from './connection/token';
import { createLanguageClient } from './languageClient';
import { ProjectsModel, type ProjectsNode } from './model/projectsModel';
import { StreamsModel } from './model/streamsModel';
import { workspaceStreamRules } from './workspaceStreams';
import { TasksModel } from './model/tasksModel';
import { answerProjectContext } from './projectContext';
import { READONLY_SCHEME, ReadonlyDocuments } from './readonlyDocuments';
import { CreditsStatus } from './status/creditsStatus';
import { announceFailures } from './connection/notices';
import { Feedback } from './feedback';
import { Questions } from './ui/questions';
import { ProjectsTreeProvider } from './views/projectsView';
import { StreamsTreeProvider } from './views/streamsView';
import { TasksTreeProvider } from './views/tasksView';
import { defaultProject } from './connection/settings';

let languageClient: LanguageClient | undefined;

const CONNECT_AFTER_MS = 1_000;

/** What the extension offers other code: the in-editor tests look at its state through it. */
export interface MediaMonitoringApi {
  readonly connection: Connection;
  readonly sidebar: {
    readonly projects: ProjectsTreeProvider;
    readonly projectsView: vscode.TreeView<ProjectsNode>;
    readonly streams: StreamsTreeProvider;
    readonly tasks: TasksTreeProvider;
  };
  /** The status bar item's text, e.g. `$(beaker) Sandbox · 100,000 credits`. */
  statusText(): string;
  /** The last confirmation a command gave (src/feedback.ts). */
  lastConfirmation(): string | undefined;
  /** For the in-editor tests: answers to the next questions (VS Code shows no dialog in tests). */
  answerNextQuestions(...answers: readonly string[]): void;
}

export function activate(context: vscode.ExtensionContext): MediaMonitoringApi {
  const activationStarted = performance.now();
  const log = vscode.window.createOutputChannel('Media Monitoring', { log: true });
  const tokens = new TokenStore(context.secrets);
  const declared = (context.extension.packageJSON as { version?: unknown }).version;
  const version = typeof declared === 'string' ? declared : '0.0.0';
  const connection = new Connection(tokens, log, version, context.globalStorageUri);
  const client = () => connection.client();
  const projectsModel = new ProjectsModel(client, defaultProject);
  const sidebar = {
    projectsModel,
    projects: new ProjectsTreeProvider(projectsModel, connection, 'projects'),
    streams: new StreamsTreeProvider(
      new StreamsModel(client, workspaceStreamRules),
      connection,
      'streams',
    ),
    // While a task runs it spends credits as it exports: the status bar follows.
    tasks: new TasksTreeProvider(new TasksModel(client), connection, () => credits.spent()),
  };
  const projectsView = vscode.window.createTreeView('mediaMonitoring.projects', {
    treeDataProvider: sidebar.projects,
    showCollapseAll: true,
  });
  const documents = new ReadonlyDocuments();
  const credits = new CreditsStatus(connection, log);
  const feedback = new Feedback(log);
  const questions = new Questions(log);
  languageClient = createLanguageClient(context, log);
  context.subscriptions.push(
    log,
    tokens,
    connection,
    credits,
    documents,
    sidebar.projects,
    sidebar.streams,
    sidebar.tasks,
    languageClient,
    vscode.workspace.registerFileSystemProvider(READONLY_SCHEME, documents, {
      isReadonly: true,
      isCaseSensitive: true,
    }),
    projectsView,
    vscode.window.createTreeView('mediaMonitoring.streams', { treeDataProvider: sidebar.streams }),
    vscode.window.createTreeView('mediaMonitoring.tasks', { treeDataProvider: sidebar.tasks }),
    answerProjectContext(languageClient, connection, projectsModel, log),
    announceFailures(connection),
    ...registerConnectionCommands(connection, tokens, credits, feedback, questions, log),
    ...registerSidebarCommands(connection, sidebar, documents, credits, feedback, questions),
    vscode.commands.registerCommand('mediaMonitoring.restartLanguageServer', async () => {
      log.info('restarting the language server');
      await languageClient?.restart();
    }),
    vscode.commands.registerCommand('mediaMonitoring.showLog', () => log.show(true)),
    // Another connection, another service: nothing shown so far holds any more.
    connection.onDidChange(() => {
      sidebar.projects.refresh(true);
      sidebar.streams.refresh(true);
      sidebar.tasks.refresh(true);
    }),
    // A new token matters to a service only: the embedded sandbox keeps running as it is.
    tokens.onDidChange(() => {
      if (readConnectionSettings().baseUrl !== '') void connection.reconnect();
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (affectsConnection(event)) void connection.reconnect();
      if (event.affectsConfiguration(`${SECTION}.defaultProject`)) sidebar.projects.refresh();
    }),
  );
  // Start without awaiting: activation must stay fast, and the client queues requests until
  // the server is ready. A start failure is logged where the user can find it.
  languageClient.start().catch((error: unknown) => {
    log.error('the language server failed to start', error);
    void vscode.window.showErrorMessage(
      'Media Monitoring: the .mmq language server failed to start. See the "Media Monitoring" output.',
    );
  });
  // Connect a moment after activation: with no base URL this starts the embedded sandbox, and
  // loading the client's bundle and the sandbox's worker then leaves VS Code's own start-up and
  // whatever activated us to go first. A view or command that needs data connects at once.
  const connecting = setTimeout(() => {
    connection
      .client()
      .catch((error: unknown) =>
        log.warn(`not connected: ${error instanceof Error ? error.message : String(error)}`),
      );
  }, CONNECT_AFTER_MS);
  context.subscriptions.push({ dispose: () => clearTimeout(connecting) });
  log.info(
    `Media Monitoring activated in ${(performance.now() - activationStarted).toFixed(1)} ms`,
  );
  return {
    connection,
    sidebar: { ...sidebar, projectsView },
    statusText: () => credits.text,
    lastConfirmation: () => feedback.last,
    answerNextQuestions: (...answers) => questions.answerNext(...answers),
  };
}

export async function deactivate(): Promise<void> {
  await languageClient?.stop();
  languageClient = undefined;
}
