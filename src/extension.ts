// Activation: makes the extension's context (context.ts owns every part and disposes it),
// registers the command table, and starts what runs in the background. The API client and the
// sandbox load from their own bundles on first use (connection/bundles.ts), so activation stays
// small and fast.
import * as vscode from 'vscode';
import { registerCommands } from './shell/commands/table';
import type { Connection } from './shell/connection/connection';
import { Ctx } from './shell/ctx';
import type { ProjectsNode } from './features/projects/projectsModel';
import type { ProjectsTreeProvider } from './features/projects/projectsView';
import type { StreamsTreeProvider } from './features/streams/streamsView';
import type { TasksTreeProvider } from './features/exports/tasksView';
import type { TailKind } from '../core/streams/tailSource';
import type { TailStatus } from './features/tails/tails';
import type { ResultsDrawn } from './features/results/resultsServices';

/** How long after activation the connection opens (see below). */
const CONNECT_AFTER_MS = 1_000;

/** What the extension offers other code: the in-editor tests look at its state through it. */
export interface MediaMonitoringApi {
  readonly connection: Connection;
  /** How long activate() itself took, in ms (the log says it too; the benchmark reports it). */
  readonly activationMs: number;
  readonly sidebar: {
    readonly projects: ProjectsTreeProvider;
    readonly projectsView: vscode.TreeView<ProjectsNode>;
    readonly streams: StreamsTreeProvider;
    readonly tasks: TasksTreeProvider;
  };
  /** The status bar item's text, e.g. `$(beaker) Sandbox · 100,000 credits`. */
  statusText(): string;
  /** The last confirmation a command gave (src/shell/feedback.ts). */
  lastConfirmation(): string | undefined;
  /** The last refusal of an item the extension said (a custom metric not added, …). */
  lastRefusal(): string | undefined;
  /** The last failure the status bar said (src/shell/feedback.ts). */
  lastFailure(): string | undefined;
  /** For the in-editor tests: answers to the next questions (VS Code shows no dialog in tests). */
  answerNextQuestions(...answers: readonly string[]): void;
  /** A run's answer was drawn in a results panel, and how long after it was asked for. */
  readonly onDidDrawResults: vscode.Event<ResultsDrawn>;
  /** For the in-editor tests: the last question asked, and how many queued answers are left. */
  questions(): {
    readonly lastAsked: string | undefined;
    readonly asked: readonly string[];
    readonly unanswered: number;
  };
  /** A stream's, collector's or project's tail in this window, if it has had one. */
  tailStatus(kind: TailKind, id: string): TailStatus | undefined;
}

let current: Ctx | undefined;

export function activate(context: vscode.ExtensionContext): MediaMonitoringApi {
  const started = performance.now();
  const ctx = new Ctx(context);
  current = ctx;
  context.subscriptions.push(ctx, ...registerCommands(ctx));
  startLanguageServer(ctx);
  connectSoon(ctx);
  ctx.restoreTails();
  const activationMs = performance.now() - started;
  ctx.log.info(`Media Monitoring activated in ${activationMs.toFixed(1)} ms`);
  return {
    connection: ctx.connection,
    activationMs,
    sidebar: ctx.sidebar,
    statusText: () => ctx.credits.text,
    lastConfirmation: () => ctx.feedback.last,
    lastRefusal: () => ctx.feedback.lastRefusal,
    lastFailure: () => ctx.feedback.lastFailure,
    answerNextQuestions: (...answers) => ctx.questions.answerNext(...answers),
    onDidDrawResults: ctx.resultsDrawn.event,
    questions: () => ({
      lastAsked: ctx.questions.lastAsked,
      asked: [...ctx.questions.asked],
      unanswered: ctx.questions.unanswered,
    }),
    tailStatus: (kind, id) => ctx.tailStatus(kind, id),
  };
}

export async function deactivate(): Promise<void> {
  // Tails write what they received and keep their checkpoints, to start again in the next window.
  await Promise.all([current?.closeTails(), current?.languageClient.stop()]);
  current = undefined;
}

/**
 * Starts without awaiting: activation must stay fast, and the client queues requests until the
 * server is ready. A start failure is logged where the user can find it.
 */
function startLanguageServer(ctx: Ctx): void {
  ctx.languageClient.start().catch((error: unknown) => {
    ctx.log.error('the language server failed to start', error);
    void vscode.window.showErrorMessage(
      'Media Monitoring: the .mmq language server failed to start. See the "Media Monitoring" output.',
    );
  });
}

/**
 * Connects a moment after activation: with no base URL this starts the embedded sandbox, and
 * loading the client's bundle and the sandbox's worker then leaves VS Code's own start-up and
 * whatever activated us to go first. A view or command that needs data connects at once.
 */
function connectSoon(ctx: Ctx): void {
  const timer = setTimeout(() => {
    ctx.connection
      .client()
      .catch((error: unknown) =>
        ctx.log.warn(`not connected: ${error instanceof Error ? error.message : String(error)}`),
      );
  }, CONNECT_AFTER_MS);
  ctx.own({ dispose: () => clearTimeout(timer) });
}
