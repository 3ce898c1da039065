// What the results panels need from the rest of the extension, passed in (they live in their
// own lazily loaded bundle and must not pull the extension's context into it).
import type * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { ProjectChoices } from '../../../media/results/protocol';
import type { CommandRunner } from '../../shell/commands/runner';
import type { RuleSource } from '../../shell/ports';

export interface ResultsServices {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly runner: CommandRunner;
  /** Where to save an export (VS Code's save dialog; tests answer it). */
  readonly saveLocation: (options: vscode.SaveDialogOptions) => Promise<vscode.Uri | undefined>;
  readonly documents: { show(path: string, text: string): Thenable<unknown> };
  readonly client: () => Promise<MediaMonitoringClient>;
  /** Whether the extension is connected to the embedded sandbox now. */
  readonly sandbox: () => boolean;
  /** A project's topics, filters and datasets for the panel's controls. */
  readonly choices: (projectId: string) => Promise<ProjectChoices>;
  /** Adds a rule to the file `source` names (next to its rule), or to a new file. */
  readonly addRule: (source: RuleSource | undefined, id: string, query: string) => Promise<void>;
  /** A run's answer was drawn in a panel, `sinceAskedMs` after the run was asked for. */
  readonly drawn: (event: ResultsDrawn) => void;
}

export interface ResultsDrawn {
  readonly title: string;
  readonly sinceAskedMs: number;
  /** Of that, the panel's own drawing. */
  readonly renderMs: number;
}
