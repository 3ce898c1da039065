// Short confirmations for commands whose result is not otherwise visible (a refresh that finds
// nothing new, a copied id, a reset): a status bar message for a few seconds, also logged; and
// the service's refusals of single items (an error message). The last of each is kept for the
// in-editor tests.
import * as vscode from 'vscode';

const SHOWN_MS = 5_000;
const FAILURE_SHOWN_MS = 15_000;

export class Feedback {
  private lastMessage: string | undefined;
  private lastRefusalMessage: string | undefined;
  private lastFailureMessage: string | undefined;

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
    this.failed(message);
    void vscode.window.showErrorMessage(`Media Monitoring: ${message}`);
  }

  /**
   * Says in the status bar that a command failed, beside the error message with its actions: a
   * notification can be hidden (Do Not Disturb) or missed; the status bar is where the user looks.
   */
  failed(message: string): void {
    this.lastFailureMessage = message;
    vscode.window.setStatusBarMessage(`$(error) ${message}`, FAILURE_SHOWN_MS);
  }

  /** The last failure said in the status bar. */
  get lastFailure(): string | undefined {
    return this.lastFailureMessage;
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
