// Where the extension is connected: the embedded sandbox (no base URL set: the default) or the
// service at `mediaMonitoring.baseUrl` with the stored token. Owns the one API client every view
// and command uses, tells them when it changes, and reflects its state in a context key that
// the welcome views read.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { apiBundle } from './bundles';
import { startSandboxWorker, type EmbeddedSandbox } from './sandboxWorker';
import { readConnectionSettings } from './settings';
import { spendsCredits } from './spending';
import type { TokenStore } from './token';

export type ConnectionState =
  | { readonly kind: 'connecting'; readonly target: string }
  | { readonly kind: 'connected'; readonly target: string; readonly sandbox: boolean }
  /** The user stopped the embedded sandbox. */
  | { readonly kind: 'stopped' }
  /** A base URL is set but no token is stored. */
  | { readonly kind: 'noToken'; readonly target: string }
  | {
      readonly kind: 'failed';
      readonly target: string;
      readonly message: string;
      readonly tokenRejected: boolean;
    };

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
  private readonly spending = new vscode.EventEmitter<void>();
  /** A call spent credits. */
  readonly onDidSpend = this.spending.event;
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

  /** The client, connecting first if needed; NotConnected says why not. */
  client(): Promise<MediaMonitoringClient> {
    this.connected ??= this.open();
    return this.connected;
  }

  /** Connects anew from the settings (after a settings or token change, or on request). */
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

  /** Back to the sandbox's initial state: streams, collectors, tasks, credits, clock. */
  async resetSandbox(): Promise<void> {
    if (!this.sandbox) throw new NotConnected('The sandbox is not running: start it first.');
    const url = new URL('/_sandbox/reset', this.sandbox.url);
    url.searchParams.set('access_token', this.sandboxToken);
    const response = await fetch(url, { method: 'POST' });
    if (!response.ok) throw new Error(`the sandbox refused the reset (HTTP ${response.status})`);
  }

  /** A call failed with this error: a rejected token changes the state (welcome view, status). */
  noticeFailure(error: unknown): void {
    const { ApiError } = apiBundle();
    if (error instanceof ApiError && error.isTokenRejected && this.current.kind === 'connected') {
      this.setState({
        kind: 'failed',
        target: this.current.target,
        message: error.message,
        tokenRejected: true,
      });
      this.connected = Promise.reject(
        new NotConnected('The access token was rejected: set a new one.'),
      );
      this.connected.catch(() => undefined);
    }
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
    const onAnswer = ({ path, httpStatus }: { path: string; httpStatus: number }) => {
      if (httpStatus < 400 && spendsCredits(path)) this.spending.fire();
    };
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
          },
          (line) => this.log.trace(`sandbox: ${line}`),
        );
      } catch (error: unknown) {
        const message = `The sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`;
        this.setState({ kind: 'failed', target: SANDBOX_TARGET, message, tokenRejected: false });
        throw new NotConnected(message);
      }
      if (generation !== this.generation) {
        // Stopped or reconnected while it started: this sandbox is no longer wanted.
        await sandbox.close();
        throw new NotConnected('The sandbox was stopped while it started.');
      }
      this.sandbox = sandbox;
      this.log.info(`sandbox listening on ${sandbox.url} (${Date.now() - started} ms)`);
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
      this.setState({ kind: 'failed', target: settings.baseUrl, message, tokenRejected: false });
      throw new NotConnected(message);
    }
    const token = await this.tokens.get();
    if (!token) {
      this.setState({ kind: 'noToken', target });
      throw new NotConnected(`No access token for ${target}: set one.`);
    }
    this.activeClient = new api.MediaMonitoringClient({
      baseUrl: settings.baseUrl,
      token,
      userAgent,
      log,
    });
    this.setState({ kind: 'connected', target, sandbox: false });
    return this.activeClient;
  }

  private async close(): Promise<void> {
    this.generation += 1;
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
    const key = state.kind === 'failed' && state.tokenRejected ? 'tokenRejected' : state.kind;
    void vscode.commands.executeCommand('setContext', 'mediaMonitoring.connection', key);
    this.changed.fire(state);
  }

  dispose(): void {
    void this.close();
    this.changed.dispose();
    this.spending.dispose();
  }
}
