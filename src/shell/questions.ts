// The questions the extension asks before it does what cannot be undone (a reset, a deletion,
// switching away from a service): modal, with the action named on its button; and where to save
// a file. All go through
// here so that the in-editor tests can answer them: VS Code refuses to show dialogs while its
// test driver runs, so a test queues its answers (answerNext) and the question is logged.
import * as vscode from 'vscode';

/** What a test answers to dismiss a question (Escape, or the dialog's Cancel). */
export const DISMISS = 'Dismiss';

export class Questions {
  private readonly queued: string[] = [];
  /** Every question asked with its detail, oldest first, for tests that check what the user was told. */
  private readonly history: string[] = [];

  /** The last question asked (or offer made), with its detail. */
  get lastAsked(): string | undefined {
    return this.history.at(-1);
  }

  /** The questions asked so far, oldest first (a save dialog after a message does not hide it). */
  get asked(): readonly string[] {
    return this.history;
  }

  private record(question: string): void {
    this.history.push(question);
    // Bounded: a long session of tests must not grow it without end.
    if (this.history.length > 50) this.history.shift();
  }

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Asks `message`; resolves with the chosen action, or undefined when dismissed. */
  async ask<Action extends string>(
    message: string,
    detail: string | undefined,
    ...actions: Action[]
  ): Promise<Action | undefined> {
    this.record(detail === undefined ? message : `${message}\n${detail}`);
    const queued = this.queued.shift();
    if (queued !== undefined) {
      const answer = actions.find((action) => action === queued);
      if (!answer && queued !== DISMISS)
        throw new Error(
          `a queued answer "${queued}" to "${message}" is none of ${actions.join(', ')}`,
        );
      this.log.info(`asked "${message}": answered ${answer ?? 'by dismissing'} (queued by a test)`);
      return answer;
    }
    return vscode.window.showWarningMessage(
      message,
      detail === undefined ? { modal: true } : { modal: true, detail },
      ...actions,
    );
  }

  /**
   * Says what happened, with the actions that follow from it, without blocking: a success as
   * information, a partial success as a warning. Resolves with the action taken, or undefined
   * when the message is closed or left alone. Tests answer it like a question.
   */
  async offer<Action extends string>(
    severity: 'information' | 'warning',
    message: string,
    ...actions: Action[]
  ): Promise<Action | undefined> {
    this.record(message);
    const queued = this.queued.shift();
    if (queued !== undefined) {
      const answer = actions.find((action) => action === queued);
      this.log.info(`offered "${message}": answered ${answer ?? 'by closing'} (queued by a test)`);
      return answer;
    }
    return severity === 'warning'
      ? vscode.window.showWarningMessage(message, ...actions)
      : vscode.window.showInformationMessage(message, ...actions);
  }

  /**
   * Where to save a file (VS Code's save dialog, which asks before replacing one); undefined
   * when cancelled. A queued answer is a file path.
   */
  async saveLocation(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    const suggested = options.defaultUri?.path.split('/').pop();
    const question = `Where to save${suggested ? ` ${suggested}` : ''}?`;
    this.record(question);
    const queued = this.queued.shift();
    if (queued !== undefined) {
      this.log.info(`${question} Answered ${queued} (queued by a test)`);
      return queued === DISMISS ? undefined : vscode.Uri.file(queued);
    }
    return vscode.window.showSaveDialog(options);
  }

  /** For tests: the answers to the next questions, in order (DISMISS dismisses one). */
  answerNext(...answers: readonly string[]): void {
    this.queued.push(...answers);
  }

  /** For tests: queued answers no question has taken yet. */
  get unanswered(): number {
    return this.queued.length;
  }
}
