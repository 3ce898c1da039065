// The one way a command calls the API: the client from the connection, the credit confirmation
// (from the cost table's estimate), progress with a Cancel button that aborts the request, "waiting
// 12 s for the rate limit" while the governor holds the call, and failures logged and shown with
// the action that helps, chosen from the error's typed reason.
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { CostedCall } from '../../../core/api/client/estimate';
import type { RateState } from '../../../core/api/client/governor';
import { apiBundle } from '../bundles';
import { NotConnected, type Connection, type ConnectionState } from '../connection/connection';
import { readConnectionSettings } from '../connection/settings';
import type { Feedback } from '../feedback';
import type { Questions } from '../questions';
import { confirmCredits, type CreditQuestion } from './confirmCredits';
import { actionsFor, type FailureAction, type FailureCause } from './failureActions';

export interface ApiCall {
  /** What runs, for the progress notification: "Histogram of acme-core". */
  readonly title: string;
  /** What it costs; absent for free calls. */
  readonly cost?: CostedCall;
  /**
   * The call it makes, `GET /api/v1/…`: a failure before it was sent (no connection) names it,
   * and the connection's own failure then reads as the reason, not as the call that failed.
   */
  readonly request?: string;
  /**
   * Where a failure is shown instead of a notification (a panel shows it next to the parameter
   * concerned). It is logged either way.
   */
  readonly onFailure?: (failure: CallFailure) => void;
}

/** A failed call as a panel shows it. */
export interface CallFailure {
  /** What failed, naming the call. */
  readonly message: string;
  /** Why, when the message alone does not say it: the connection's failure for a call not sent. */
  readonly detail?: string;
  /** The parameter the service named (`result_error` key `param`), when it named one. */
  readonly parameter?: string;
  /** Why it failed, typed: the call's reason, the connection's state, or unknown. */
  readonly cause: FailureCause;
  /** Whether the extension works with a service (a base URL is set), not the embedded sandbox. */
  readonly service: boolean;
}

/** What a command's work gets: the client and the signal that Cancel aborts. */
export interface CallContext {
  readonly client: MediaMonitoringClient;
  readonly signal: AbortSignal;
  /** Shows a step of the work in the progress notification. */
  report(message: string): void;
  /** Whether this call ran against the embedded sandbox. */
  readonly sandbox: boolean;
}

export class CommandRunner {
  constructor(
    private readonly connection: Connection,
    private readonly questions: Questions,
    private readonly feedback: Feedback,
    private readonly log: vscode.LogOutputChannel,
    /** Where "don't ask again" answers are kept (the extension's global state). */
    private readonly memory: vscode.Memento,
  ) {}

  /**
   * Asks about a cost without running anything (a tail, which runs long after the command and
   * has its own output): true when the user agreed or nothing needed asking.
   */
  async approve(title: string, cost: CostedCall): Promise<boolean> {
    const sandbox = this.connection.state.kind === 'connected' && this.connection.state.sandbox;
    const answer = await confirmCredits({ title, cost, sandbox }, this.questions, this.memory, () =>
      this.credits(),
    );
    if (answer === 'declined') this.log.info(`${title}: not started, the cost was declined`);
    return answer !== 'declined';
  }

  /**
   * Runs `work` against the API. Resolves with its result, or undefined when the user declined
   * the cost, cancelled, or it failed (the failure is then logged and shown).
   */
  async call<T>(call: ApiCall, work: (context: CallContext) => Promise<T>): Promise<T | undefined> {
    let client: MediaMonitoringClient;
    try {
      client = await this.connection.client();
    } catch (error: unknown) {
      this.fail(call, error);
      return undefined;
    }
    const sandbox = this.connection.state.kind === 'connected' && this.connection.state.sandbox;
    const question: CreditQuestion = { title: call.title, cost: call.cost, sandbox };
    const cost = await confirmCredits(question, this.questions, this.memory, () => this.credits());
    if (cost === 'declined') {
      this.log.info(`${call.title}: not run, the cost was declined`);
      return undefined;
    }
    return vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: cost.label ? `${call.title} · ${cost.label}` : call.title,
        cancellable: true,
      },
      async (progress, token) => {
        const controller = new AbortController();
        const cancelled = token.onCancellationRequested(() => controller.abort());
        const waiting = client.governor.onChange((state) => {
          const message = rateLimitWait(state, Date.now());
          if (message) progress.report({ message });
        });
        try {
          return await work({
            client,
            signal: controller.signal,
            report: (message) => progress.report({ message }),
            sandbox,
          });
        } catch (error: unknown) {
          if (controller.signal.aborted) {
            this.log.info(`${call.title}: cancelled`);
            return undefined;
          }
          this.fail(call, error);
          return undefined;
        } finally {
          cancelled.dispose();
          waiting.dispose();
        }
      },
    );
  }

  /** Runs a command that does not call the API (or calls it its own way): failures shown. */
  async guard(title: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error: unknown) {
      this.fail({ title }, error);
    }
  }

  /** Says that something was done (a status bar message for a few seconds). */
  done(message: string): void {
    this.feedback.done(message);
  }

  /** Says that the service refused an item of a call that otherwise ran (an error message). */
  refused(message: string): void {
    this.feedback.refused(message);
  }

  private async credits(): Promise<number | undefined> {
    try {
      const client = await this.connection.client();
      return (await client.credits.get()).result_creditinfo.remaining_credits_monthly;
    } catch {
      return undefined;
    }
  }

  /** Logs a failure and shows it with the actions that help (or where the call says). */
  private fail(call: Pick<ApiCall, 'title' | 'onFailure' | 'request'>, error: unknown): void {
    const { title } = call;
    const { ApiError } = apiBundle();
    const apiError = error instanceof ApiError ? error : undefined;
    if (apiError?.reason === 'cancelled') return;
    // A failure with no answer may mean the service is gone: the connection decides.
    this.connection.noticeFailure(error);
    const said = error instanceof Error ? error.message : String(error);
    const notSent = error instanceof NotConnected && call.request !== undefined;
    const message = notSent ? `${call.request} was not sent: there is no connection` : said;
    const detail = notSent ? connectionProblem(this.connection.state, said) : undefined;
    this.log.error(`${title}: ${message}${detail ? `. ${detail}` : ''}`);
    if (call.onFailure) {
      const parameter = apiError?.detail('param')[0];
      call.onFailure({
        message,
        ...(detail === undefined ? {} : { detail }),
        ...(parameter === undefined ? {} : { parameter }),
        cause:
          error instanceof NotConnected
            ? this.connection.state
            : apiError
              ? apiError.reason
              : undefined,
        service: readConnectionSettings().baseUrl !== '',
      });
      return;
    }
    const actions: readonly FailureAction[] =
      error instanceof NotConnected
        ? actionsFor(this.connection.state)
        : apiError
          ? actionsFor(apiError.reason)
          : [{ title: 'Show Log', command: 'mediaMonitoring.showLog' }];
    // Where toasts are hidden (Do Not Disturb, a web workbench), the status bar still says it.
    this.feedback.failed(`${title} failed`);
    void vscode.window
      .showErrorMessage(`Media Monitoring: ${title}: ${message}`, ...actions.map((a) => a.title))
      .then((choice) => {
        const action = actions.find((candidate) => candidate.title === choice);
        if (action) void vscode.commands.executeCommand(action.command, ...(action.args ?? []));
      });
  }
}

/**
 * Why there is no connection, in the connection's words, said to be the connection's: the call
 * its message may name (the connection check's) is not the one the user asked for.
 */
function connectionProblem(state: ConnectionState, said: string): string {
  if (state.kind !== 'failed') return said;
  switch (state.reason) {
    case 'unreachable':
    case 'tokenRejected':
    case 'service':
      return `The connection to ${state.target} failed: ${said}`;
    case 'badUrl':
    case 'sandbox':
      return said;
  }
}

/** "waiting 12 s for the rate limit" while a call of this state's class waits, else undefined. */
export function rateLimitWait(state: RateState, now: number): string | undefined {
  if (state.queued === 0 || state.nextFreeAt <= now) return undefined;
  return `waiting ${Math.ceil((state.nextFreeAt - now) / 1000)} s for the rate limit`;
}
