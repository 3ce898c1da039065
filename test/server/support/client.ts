// A minimal LSP client for tests: spawns the built server (dist/server.js --stdio) and speaks
// JSON-RPC over its standard streams, exactly as an editor would. Every wait is for a condition
// (a notification, a process exit) with a deadline; nothing sleeps.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import {
  ConfigurationRequest,
  DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  MessageType,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type InitializeResult,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';
import {
  ProjectContextRequest,
  type ProjectContext,
  type ProjectContextParams,
} from '../../../server/protocol';

export const SERVER = resolve('dist/server.js');

/** How long a test waits for something the server should do at once. */
export const DEADLINE_MS = 10_000;

export interface ClientOptions {
  /** Whether the client advertises workspace/configuration (default true). */
  readonly configuration?: boolean;
  /** Sent as initializationOptions. */
  readonly initializationOptions?: unknown;
  /** What the client answers to mediaMonitoring/projectContext (for the project asked about). */
  readonly projectContext?: ProjectContext | ((params: ProjectContextParams) => ProjectContext);
  /** Node options for the server process, before its script (a heap limit, say). */
  readonly execArgv?: readonly string[];
}

/** Resolves when `promise` does, fails when `ms` pass first: a timeout is a failure. */
export function within<T>(promise: Promise<T>, what: string, ms = DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export class TestClient {
  /** What the client answers to workspace/configuration for `mediaMonitoring`. */
  settings: unknown = {};
  /** Every workspace/configuration item the server asked for, in order. */
  readonly configurationRequests: { scopeUri?: string; section?: string }[] = [];
  /** The params of every mediaMonitoring/projectContext request the server sent, in order. */
  readonly projectContextParams: ProjectContextParams[] = [];
  /** Error messages the server logged (window/logMessage of type Error). */
  readonly errors: string[] = [];
  initializeResult!: InitializeResult;

  /** How many times the server asked mediaMonitoring/projectContext. */
  get projectContextRequests(): number {
    return this.projectContextParams.length;
  }

  private readonly published: PublishDiagnosticsParams[] = [];
  private readonly waiters: {
    accept: (params: PublishDiagnosticsParams) => boolean;
    resolve: (params: PublishDiagnosticsParams) => void;
  }[] = [];
  private stderr = '';
  readonly exited: Promise<number | null>;

  private constructor(
    readonly process: ChildProcess,
    readonly connection: MessageConnection,
    options: ClientOptions,
  ) {
    this.exited = new Promise((resolveExit) => process.on('exit', (code) => resolveExit(code)));
    process.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      const waiter = this.waiters.find((candidate) => candidate.accept(params));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(params);
      } else {
        this.published.push(params);
      }
    });
    connection.onNotification(LogMessageNotification.type, (params) => {
      if (params.type === MessageType.Error) this.errors.push(params.message);
    });
    connection.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests.push(...params.items);
      return params.items.map(() => this.settings);
    });
    if (options.projectContext) {
      const answer = options.projectContext;
      connection.onRequest(ProjectContextRequest, (params) => {
        this.projectContextParams.push(params);
        return typeof answer === 'function' ? answer(params) : answer;
      });
    }
    connection.listen();
  }

  static async start(options: ClientOptions = {}): Promise<TestClient> {
    const child = spawn(process.execPath, [...(options.execArgv ?? []), SERVER, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    const client = new TestClient(child, connection, options);
    client.initializeResult = await within(
      connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: null,
        capabilities: {
          workspace: {
            configuration: options.configuration ?? true,
            didChangeConfiguration: { dynamicRegistration: false },
          },
          textDocument: { publishDiagnostics: { versionSupport: true } },
          general: { positionEncodings: ['utf-16'] },
        },
        initializationOptions: options.initializationOptions,
      }),
      'initialize',
    );
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  async open(uri: string, text: string, version = 1): Promise<void> {
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'mmq', version, text },
    });
  }

  /** Sends a didChange with the given changes (ranged for incremental sync, or `{text}`). */
  async change(
    uri: string,
    version: number,
    ...contentChanges: TextDocumentContentChangeEvent[]
  ): Promise<void> {
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges,
    });
  }

  async closeDocument(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, {
      textDocument: { uri },
    });
  }

  async configurationChanged(): Promise<void> {
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: null,
    });
  }

  /**
   * The first publication for `uri` that satisfies `accept` (by default the first one at all),
   * whether it already arrived or is still to come; fails after the deadline.
   */
  publication(
    uri: string,
    accept: (params: PublishDiagnosticsParams) => boolean = () => true,
    ms = DEADLINE_MS,
  ): Promise<PublishDiagnosticsParams> {
    const wanted = (params: PublishDiagnosticsParams) => params.uri === uri && accept(params);
    const seen = this.published.find(wanted);
    if (seen) {
      this.published.splice(this.published.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return within(
      new Promise<PublishDiagnosticsParams>((resolvePublication) =>
        this.waiters.push({ accept: wanted, resolve: resolvePublication }),
      ),
      `diagnostics for ${uri} (server stderr: ${this.stderr || 'empty'})`,
      ms,
    );
  }

  /** Publications for `uri` received and not yet consumed by publication(). */
  pending(uri: string): PublishDiagnosticsParams[] {
    return this.published.filter((params) => params.uri === uri);
  }

  /** shutdown, then exit, as an editor closes a server; resolves with the exit status. */
  async shutdown(): Promise<number | null> {
    await within(this.connection.sendRequest(ShutdownRequest.type), 'the shutdown response');
    await this.connection.sendNotification(ExitNotification.type);
    const code = await within(this.exited, 'the server process to exit');
    this.connection.dispose();
    return code;
  }

  /** For afterEach: ends the process whatever state a failed test left it in. */
  async dispose(): Promise<void> {
    if (this.process.exitCode === null && this.process.signalCode === null) {
      try {
        await this.shutdown();
      } catch {
        this.process.kill();
      }
    }
    this.connection.dispose();
  }
}

let counter = 0;
/** A URI no other test uses, so that publications of one test never satisfy another's wait. */
export function freshUri(name = 'test'): string {
  return `file:///work/${name}-${++counter}.mmq`;
}
