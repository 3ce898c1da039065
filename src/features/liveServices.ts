// What the live features (collector and export wizards, reading a collector to a file) use of the
// extension: handed over by the thin command handlers (src/features/collectors/commands.ts, exports.ts),
// so that this bundle holds no second copy of the extension's state.
import type * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import type { CommandRunner } from '../shell/commands/runner';
import type { CollectorReads } from './collectors/collectorReads';
import type { ProjectsModel } from './projects/projectsModel';
import type { Questions } from '../shell/questions';

export interface LiveServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly projects: ProjectsModel;
  readonly reads: CollectorReads;
  /** The language server's errors of a query on its own. */
  readonly errorsOf: (query: string) => Promise<string[]>;
  /** The Streams & Collectors view and the Export Tasks view fetch anew. */
  readonly refreshStreams: () => void;
  readonly refreshTasks: () => void;
  /** A task was started here: the Export Tasks view counts what it spends from its start. */
  readonly taskStarted: (taskId: string) => void;
  /** Credits may have been spent: the status bar fetches them. */
  readonly spent: () => void;
  readonly log: vscode.LogOutputChannel;
}
