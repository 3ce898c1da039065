// What the in-editor tests see of the extension (test/vscode/suite): its state, and answers to
// the questions it would ask (VS Code shows no dialog in tests). A bundle of its own
// (dist/testHooks.js), loaded only when VS Code runs the extension in its Test mode: users'
// extension offers no API, and the .vsix does not hold this file.
import type * as vscode from 'vscode';
import type { TailKind } from '../../core/streams/tailSource';
import type { Features } from '../composition';
import type { ProjectsNode } from '../shell/views/treeNodes';
import type { Connection } from '../shell/connection/connection';
import type { Ctx } from '../shell/ctx';
import type { ProjectsTreeProvider } from '../features/projects/projectsView';
import type { ResultsDrawn } from '../features/results/resultsServices';
import type { StreamsTreeProvider } from '../features/streams/streamsView';
import type { TasksTreeProvider } from '../features/exports/tasksView';
import type { TailStatus } from '../features/tails/tailStatus';
import type { NoiseState } from '../features/lab/noiseFinder';

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
  /** The last confirmation a command gave (shell/feedback.ts). */
  lastConfirmation(): string | undefined;
  /** The last refusal of an item the extension said (a custom metric not added, …). */
  lastRefusal(): string | undefined;
  /** The last failure the status bar said (shell/feedback.ts). */
  lastFailure(): string | undefined;
  /** Answers to the next questions (VS Code shows no dialog in tests). */
  answerNextQuestions(...answers: readonly string[]): void;
  /** A run's answer was drawn in a results panel, and how long after it was asked for. */
  readonly onDidDrawResults: vscode.Event<ResultsDrawn>;
  /** The last question asked, every question asked, and how many queued answers are left. */
  questions(): {
    readonly lastAsked: string | undefined;
    readonly asked: readonly string[];
    readonly unanswered: number;
  };
  /** A stream's, collector's or project's tail in this window, if it has had one. */
  tailStatus(kind: TailKind, id: string): TailStatus | undefined;
  /** Whether the .mmq language server has been started (or asked to start). */
  languageServerStarting(): boolean;
  /** How many count calls the query lab has made (nothing is asked while typing). */
  labCalls(): number;
  /** The query lab's last count calls: when each was made (epoch ms), and its query. */
  labRecentCalls(): readonly { readonly at: number; readonly query: string }[];
  /** What the lab's noise finder shows: its list open, the theme cloud, the last preview. */
  labNoise(): NoiseState;
  /** The lab's credits spent against a service in this window, and its budget. */
  labCredits(): { readonly spent: number; readonly budget: number };
  /** The last table or comparison the lab's panel drew: its rule and rows. */
  labPanelDrawn():
    | { readonly kind: 'parts' | 'compare'; readonly ruleId: string; readonly rows: number }
    | undefined;
}

export function testHooks(ctx: Ctx, features: Features, activationMs: number): MediaMonitoringApi {
  const { connection, projects, streams, exports, results, tails, lab, language } = features;
  return {
    connection: ctx.connection,
    activationMs,
    sidebar: {
      projects: projects.view,
      projectsView: projects.treeView,
      streams: streams.view,
      tasks: exports.view,
    },
    statusText: () => connection.credits.text,
    lastConfirmation: () => ctx.feedback.last,
    lastRefusal: () => ctx.feedback.lastRefusal,
    lastFailure: () => ctx.feedback.lastFailure,
    answerNextQuestions: (...answers) => ctx.questions.answerNext(...answers),
    onDidDrawResults: results.drawn.event,
    questions: () => ({
      lastAsked: ctx.questions.lastAsked,
      asked: [...ctx.questions.asked],
      unanswered: ctx.questions.unanswered,
    }),
    tailStatus: (kind, id) => tails.status(kind, id),
    languageServerStarting: () => language.isStarting,
    labCalls: () => lab.counts().callCount,
    labRecentCalls: () => lab.counts().recentCalls,
    labNoise: () => lab.noise().state,
    labCredits: () => lab.counts().credits,
    labPanelDrawn: () => lab.counts().labPanel.lastDrawn,
  };
}
