// Short confirmations for commands whose result is not otherwise visible (a refresh that finds
// nothing new, a copied id, a reset): a status bar message for a few seconds, also logged. The
// last one is kept for the in-editor tests.
import * as vscode from 'vscode';

const SHOWN_MS = 5_000;

export class Feedback {
  private lastMessage: string | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Says that something was done. */
  done(message: string): void {
    this.lastMessage = message;
    this.log.info(message);
    vscode.window.setStatusBarMessage(`$(check) ${message}`, SHOWN_MS);
  }

  /** The last confirmation given. */
  get last(): string | undefined {
    return this.lastMessage;
  }
}
