// What image detection needs from the rest of the extension, passed in: it lives in its own
// lazily loaded bundle (dist/detect.js) and must not pull the extension's context into it.
import type * as vscode from 'vscode';
import type { CommandRunner } from '../../shell/commands/runner';

export interface DetectServices {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly runner: CommandRunner;
  /** Whether the extension is connected to the embedded sandbox now. */
  readonly sandbox: () => boolean;
}
