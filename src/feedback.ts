// Short confirmations for commands whose result is not otherwise visible (a refresh that finds
// nothing new, a copied id, a reset): a status bar message for a few seconds, also logged; and
// the service's refusals of single items (an error message). The last of each is kept for the
// in-editor tests.
import * as vscode from 'vscode';

const SHOWN_MS = 5_000;

export class Feedback {
  private lastMessage: string | undefined;
  private lastRefusalMessage: string | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Says that something was done. */
  done(message: string): void {
    this.lastMessage = message;
    this.log.info(message);
    vscode.window.setStatusBarMessage(`$(check) ${message}`, SHOWN_MS);
  }

  /** Says that the service refused something (per-item answers): an error message. */
  refused(message: string): void {
    this.lastRefusalMessage = message;
    this.log.warn(message);
    void vscode.window.showErrorMessage(`Media Monitoring: ${message}`);
  }

  /** The last confirmation given. */
  get last(): string | undefined {
    return this.lastMessage;
  }

  /** The last refusal said. */
  get lastRefusal(): string | undefined {
    return this.lastRefusalMessage;
  }
}
