// Where the extension is connected: the embedded sandbox (no base URL set: the default) or the
// service at `mediaMonitoring.baseUrl` with the stored token. Owns the one API client every view
// and command uses, tells them when it changes, and reflects its state in a context key that
// the welcome views read.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ApiAnswer } from '../../../core/api/client/answers';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { CreditInfo } from '../../../core/api/schemas/tasks';
import { apiBundle } from '../bundles';
import type { SandboxState } from './sandboxMessages';
import { startSandboxWorker, type EmbeddedSandbox } from './sandboxWorker';
import { readConnectionSettings } from './settings';
import type { TokenStore } from './token';

/** Why there is no connection: each has its own welcome view and status bar action. */
export type ConnectionFailure =
  /** The service did not answer at all (refused, DNS, TLS, timeout). */
  | 'unreachable'
  /** The service rejected the access token (code 7). */
  | 'tokenRejected'
  /** `mediaMonitoring.baseUrl` is not a URL. */
  | 'badUrl'
  /** The embedded sandbox failed to start or stopped answering. */
  | 'sandbox'
  /** The service answered the connection check with another error. */
  | 'service';

export type ConnectionState =
  | { readonly kind: 'connecting'; readonly target: string }
  | {
      readonly kind: 'connected';
      readonly target: string;
      readonly sandbox: boolean;
      /** The credits read by the connection check, when there was one. */
      readonly credits?: CreditInfo;
    }
  /** The user stopped the embedded sandbox. */
  | { readonly kind: 'stopped' }
  /** A base URL is set but no token is stored. */
  | { readonly kind: 'noToken'; readonly target: string }
  | {
      readonly kind: 'failed';
      readonly target: string;
      readonly message: string;
      readonly reason: ConnectionFailure;
    };

/** The welcome views' context key (`mediaMonitoring.connection`) for a state. */
export function contextKeyOf(state: ConnectionState): string {
  if (state.kind !== 'failed') return state.kind;
  if (state.reason === 'sandbox') return 'sandboxFailed';
  return state.reason === 'tokenRejected' || state.reason === 'unreachable'
    ? state.reason
    : 'failed';
}

export const SANDBOX_TARGET = 'Sandbox';

/** What the status bar names: "Sandbox", or the service's host. */
function targetOf(baseUrl: string): string {
  if (baseUrl === '') return SANDBOX_TARGET;
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** Why a call could not be made: says what to do. */
export class NotConnected extends Error {}

export class Connection implements vscode.Disposable {
  private current: ConnectionState = {
    kind: 'connecting',
    target: targetOf(readConnectionSettings().baseUrl),
  };
  private connected: Promise<MediaMonitoringClient> | undefined;
  private activeClient: MediaMonitoringClient | undefined;
  private sandbox: EmbeddedSandbox | undefined;
  private readonly changed = new vscode.EventEmitter<ConnectionState>();
  readonly onDidChange = this.changed.event;
  private readonly spending = new vscode.EventEmitter<number>();
  /** A call spent credits: how many, by its answer (core/api/costs.ts). */
  readonly onDidSpend = this.spending.event;
  private readonly resets = new vscode.EventEmitter<void>();
  /** The embedded sandbox's kept state was deleted: nothing uploaded to it is there any more. */
  readonly onDidResetSandbox = this.resets.event;
  /** The embedded sandbox's token: made up per session, never shown. */
  private readonly sandboxToken = randomBytes(16).toString('hex');

  constructor(
    private readonly tokens: TokenStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly version: string,
    /** The extension's global storage: the sandbox keeps its corpus there between starts. */
    private readonly storage: vscode.Uri,
  ) {}

  get state(): ConnectionState {
    return this.current;
  }

  /** The sandbox's address while it runs (for the status bar's tooltip and tests). */
  get sandboxUrl(): string | undefined {
    return this.sandbox?.url;
  }

  /** Whether, and where, the running sandbox keeps what the user does (the status bar says). */
  get sandboxState(): SandboxState | undefined {
    return this.sandbox?.state;
  }

  /** Where the embedded sandbox keeps its state between reloads and restarts of VS Code. */
  private get sandboxDataDir(): string {
    return join(this.storage.fsPath, 'sandbox-state');
  }

  /** The client, connecting first if needed; NotConnected says why not. */
  client(): Promise<MediaMonitoringClient> {
    this.connected ??= this.open();
    return this.connected;
  }

  /**
   * Connects anew from the settings (after a settings or token change, or on request). A
   * connection check still under way is abandoned: the latest settings win.
   */
  async reconnect(): Promise<void> {
    await this.close();
    await this.client().catch(() => undefined);
  }

  async startSandbox(): Promise<void> {
    if (this.current.kind === 'stopped')
      this.setState({ kind: 'connecting', target: SANDBOX_TARGET });
    await this.reconnect();
  }

  async stopSandbox(): Promise<void> {
    await this.close();
    this.setState({ kind: 'stopped' });
  }

  /**
   * Back to a new sandbox: the kept state (streams, collectors with their documents, uploaded
   * documents, custom metrics, export tasks, used credits, the clock) is deleted and the sandbox
   * starts again from its settings. The one way to clear it; the command asks first.
   */
  async resetSandbox(): Promise<void> {
    if (readConnectionSettings().baseUrl !== '')
      throw new NotConnected('The extension is connected to a service, not the sandbox.');
    await this.close();
    await rm(this.sandboxDataDir, { recursive: true, force: true });
    this.resets.fire();
    this.setState({ kind: 'connecting', target: SANDBOX_TARGET });
    await this.client();
  }

  /**
   * One of the embedded sandbox's own endpoints (docs/sandbox.md) with its token: documents
   * delivered live (`live`, `{documents}`), as the in-editor tests deliver them.
   */
  async controlSandbox(action: 'live', body?: object): Promise<void> {
    if (!this.sandbox) throw new NotConnected('The sandbox is not running: start it first.');
    const url = new URL(`/_sandbox/${action}`, this.sandbox.url);
    url.searchParams.set('access_token', this.sandboxToken);
    const response = await fetch(url, {
      method: 'POST',
      ...(body
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    if (!response.ok)
      throw new Error(`the sandbox refused the ${action} (HTTP ${response.status})`);
  }

  /**
   * A call got no answer at all (after the client's retries): the service, or the sandbox, is
   * gone. That ends the connection; the views then show the welcome view that says what to do,
   * and further calls fail at once until the user retries. (What the service answers, a
   * rejected token among it, arrives through the answer observer: see answered().)
   */
  noticeFailure(error: unknown): void {
    if (this.current.kind !== 'connected') return;
    const { ApiError } = apiBundle();
    if (!(error instanceof ApiError) || (error.kind !== 'network' && error.kind !== 'timeout'))
      return;
    const target = this.current.target;
    this.fail({
      kind: 'failed',
      target,
      message: `${target} stopped answering: ${error.message}`,
      reason: this.current.sandbox ? 'sandbox' : 'unreachable',
    });
  }

  /**
   * Every answer of the current client, of plain calls and streamed reads, whoever made the
   * call: credits spent refresh the status bar; a rejected token ends the connection.
   */
  private answered(answer: ApiAnswer, generation: number): void {
    if (generation !== this.generation) return;
    if (answer.credits > 0) this.spending.fire(answer.credits);
    if (answer.statusCode === '7' && this.current.kind === 'connected')
      this.fail({
        kind: 'failed',
        target: this.current.target,
        message: `${this.current.target} rejected the access token`,
        reason: 'tokenRejected',
      });
  }

  private fail(failure: ConnectionState & { kind: 'failed' }): void {
    this.setState(failure);
    this.connected = Promise.reject(new NotConnected(failure.message));
    this.connected.catch(() => undefined);
  }

  /** Counts closes, so that a start that finishes after a close is undone. */
  private generation = 0;

  private async open(): Promise<MediaMonitoringClient> {
    const generation = this.generation;
    if (this.current.kind === 'stopped')
      throw new NotConnected('The sandbox is stopped: start it, or set a base URL.');
    const settings = readConnectionSettings();
    const api = apiBundle();
    const userAgent = api.userAgent(
      'media-monitoring-vscode',
      this.version,
      `VS Code ${vscode.version}`,
    );
    const log = (line: string) => this.log.trace(line);
    const onAnswer = (answer: ApiAnswer) => this.answered(answer, generation);
    if (settings.baseUrl === '') {
      this.setState({ kind: 'connecting', target: SANDBOX_TARGET });
      const started = Date.now();
      let sandbox: EmbeddedSandbox;
      try {
        sandbox = await startSandboxWorker(
          {
            token: this.sandboxToken,
            seed: settings.sandbox.seed,
            docs: settings.sandbox.documents,
            rate: settings.sandbox.liveRate,
            // The sandbox creates the directory when it first keeps a corpus.
            snapshotDir: join(this.storage.fsPath, 'sandbox-corpus'),
            dataDir: this.sandboxDataDir,
          },
          (line) => this.log.trace(`sandbox: ${line}`),
        );
      } catch (error: unknown) {
        const message = `The sandbox failed to start: ${error instanceof Error ? error.message : String(error)}. Reset Sandbox clears its kept state and starts a new one.`;
        this.setState({ kind: 'failed', target: SANDBOX_TARGET, message, reason: 'sandbox' });
        throw new NotConnected(message);
      }
      if (generation !== this.generation) {
        // Stopped or reconnected while it started: this sandbox is no longer wanted.
        await sandbox.close();
        throw new NotConnected('The sandbox was stopped while it started.');
      }
      this.sandbox = sandbox;
      this.log.info(
        `sandbox listening on ${sandbox.url} (${Date.now() - started} ms); ${
          sandbox.state.kept
            ? `its state kept in ${sandbox.state.directory ?? '?'}`
            : 'its state in memory'
        }${sandbox.state.note ? `: ${sandbox.state.note}` : ''}`,
      );
      if (sandbox.state.note)
        void vscode.window.showWarningMessage(`Media Monitoring sandbox: ${sandbox.state.note}.`);
      this.activeClient = new api.MediaMonitoringClient({
        baseUrl: this.sandbox.url,
        token: this.sandboxToken,
        userAgent,
        log,
        onAnswer,
      });
      this.setState({ kind: 'connected', target: SANDBOX_TARGET, sandbox: true });
      return this.activeClient;
    }
    let target: string;
    try {
      target = new URL(settings.baseUrl).host;
    } catch {
      const message = `mediaMonitoring.baseUrl is not a URL: ${settings.baseUrl}`;
      this.setState({ kind: 'failed', target: settings.baseUrl, message, reason: 'badUrl' });
      throw new NotConnected(message);
    }
    const token = await this.tokens.get();
    if (!token) {
      this.setState({ kind: 'noToken', target });
      throw new NotConnected(`No access token for ${target}: set one.`);
    }
    this.setState({ kind: 'connecting', target });
    const client = new api.MediaMonitoringClient({
      baseUrl: settings.baseUrl,
      token,
      userAgent,
      log,
      onAnswer,
    });
    // The connection check: a service that does not answer, or rejects the token, is said so
    // at once (welcome view, status bar) instead of leaving empty views behind a green status.
    let credits: CreditInfo;
    const check = new AbortController();
    this.checking = check;
    try {
      credits = (await client.credits.get({ signal: check.signal })).result_creditinfo;
    } catch (error: unknown) {
      await client.close().catch(() => undefined);
      const failure = this.checkFailure(error, target);
      if (generation === this.generation) this.setState(failure);
      throw new NotConnected(failure.message);
    }
    if (generation !== this.generation) {
      await client.close().catch(() => undefined);
      throw new NotConnected(`The connection to ${target} was replaced while it opened.`);
    }
    this.activeClient = client;
    this.setState({ kind: 'connected', target, sandbox: false, credits });
    return client;
  }

  /** The failed state for an error of the connection check. */
  private checkFailure(error: unknown, target: string): ConnectionState & { kind: 'failed' } {
    const { ApiError } = apiBundle();
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ApiError && error.isTokenRejected)
      return { kind: 'failed', target, message, reason: 'tokenRejected' };
    if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
      return {
        kind: 'failed',
        target,
        message: `Could not reach ${target}: ${message}`,
        reason: 'unreachable',
      };
    return { kind: 'failed', target, message: `${target} answered: ${message}`, reason: 'service' };
  }

  /** The connection check under way, abandoned by a close. */
  private checking: AbortController | undefined;

  private async close(): Promise<void> {
    this.generation += 1;
    this.checking?.abort();
    this.checking = undefined;
    this.connected = undefined;
    const client = this.activeClient;
    const sandbox = this.sandbox;
    this.activeClient = undefined;
    this.sandbox = undefined;
    await client?.close().catch(() => undefined);
    if (sandbox) {
      await sandbox.close().catch(() => undefined);
      this.log.info('sandbox stopped');
    }
  }

  private setState(state: ConnectionState): void {
    this.current = state;
    void vscode.commands.executeCommand(
      'setContext',
      'mediaMonitoring.connection',
      contextKeyOf(state),
    );
    this.changed.fire(state);
  }

  dispose(): void {
    void this.close();
    this.changed.dispose();
    this.spending.dispose();
    this.resets.dispose();
  }
}
