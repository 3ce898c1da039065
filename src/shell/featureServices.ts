// What the shell hands a feature's lazily loaded bundle (its index.ts): the command runner,
// questions, the client and the log. A feature adds the ports it needs of others
// (shell/ports.ts) in its own services type; the bundle so holds no copy of the extension's state.
import type * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import type { CommandRunner } from './commands/runner';
import type { Questions } from './questions';
import type { ReadonlyDocuments } from './readonlyDocuments';

export interface FeatureServices {
  readonly runner: CommandRunner;
  readonly questions: Questions;
  readonly client: () => Promise<MediaMonitoringClient>;
  /** Read-only documents the extension shows (a collector's definition, a summary). */
  readonly documents: ReadonlyDocuments;
  readonly log: vscode.LogOutputChannel;
  /** The extension's folder (a panel's scripts and styles are there). */
  readonly extensionUri: vscode.Uri;
  /** The window's workspace state (tails' checkpoints, the last push of a stream). */
  readonly workspaceState: vscode.Memento;
  /** Whether the extension is connected to the embedded sandbox now. */
  readonly sandbox: () => boolean;
}
