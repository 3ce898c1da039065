// A minimal LSP client for tests: spawns the built server (dist/server.js --stdio) and speaks
// JSON-RPC over its standard streams, exactly as an editor would.
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
  InitializeRequest,
  PublishDiagnosticsNotification,
  type Diagnostic,
  type InitializeResult,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';

export const SERVER = resolve('dist/server.js');

export interface TestClient {
  readonly connection: MessageConnection;
  readonly process: ChildProcess;
  readonly initializeResult: InitializeResult;
  /** What the client answers to workspace/configuration for `mediaMonitoring`. */
  settings: unknown;
  open(uri: string, text: string, version?: number): Promise<void>;
  change(uri: string, text: string, version: number): Promise<void>;
  /** Resolves with the first diagnostics published for `uri` that satisfy `accept`. */
  diagnostics(
    uri: string,
    accept?: (params: PublishDiagnosticsParams) => boolean,
    timeoutMs?: number,
  ): Promise<Diagnostic[]>;
  close(): Promise<number | null>;
}

export async function startClient(options: { configuration?: boolean } = {}): Promise<TestClient> {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const published: PublishDiagnosticsParams[] = [];
  const waiters: {
    uri: string;
    accept: (params: PublishDiagnosticsParams) => boolean;
    resolve: (diagnostics: Diagnostic[]) => void;
  }[] = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.push(params);
    for (const waiter of [...waiters]) {
      if (waiter.uri === params.uri && waiter.accept(params)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(params.diagnostics);
      }
    }
  });
  const client = {
    connection,
    process: child,
    settings: {} as unknown,
    initializeResult: undefined as unknown as InitializeResult,
    async open(uri: string, text: string, version = 1) {
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'mmq', version, text },
      });
    },
    async change(uri: string, text: string, version: number) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      });
    },
    diagnostics(
      uri: string,
      accept: (params: PublishDiagnosticsParams) => boolean = () => true,
      timeoutMs = 10_000,
    ) {
      const seen = published.find((params) => params.uri === uri && accept(params));
      if (seen) {
        published.splice(published.indexOf(seen), 1);
        return Promise.resolve(seen.diagnostics);
      }
      return new Promise<Diagnostic[]>((resolvePromise, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${stderr}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          uri,
          accept,
          resolve: (diagnostics) => (clearTimeout(timer), resolvePromise(diagnostics)),
        });
      });
    },
    async close() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await new Promise<number | null>((resolvePromise) =>
        child.on('exit', (exitCode) => resolvePromise(exitCode)),
      );
      connection.dispose();
      return code;
    },
  };
  connection.onRequest(ConfigurationRequest.type, (params) =>
    params.items.map(() => client.settings),
  );
  connection.listen();
  client.initializeResult = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: null,
    capabilities: {
      workspace: {
        configuration: options.configuration ?? true,
        didChangeConfiguration: { dynamicRegistration: false },
      },
      textDocument: { publishDiagnostics: { versionSupport: true } },
    },
  });
  await connection.sendNotification('initialized', {});
  return client;
}

/** Applies LSP text edits (non-overlapping) to a text, as an editor would. */
export function applyEdits(
  text: string,
  edits: readonly {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    newText: string;
  }[],
): string {
  const lineStarts = [0];
  for (let index = 0; index < text.length; index++)
    if (text[index] === '\n') lineStarts.push(index + 1);
  const offset = (position: { line: number; character: number }) =>
    (lineStarts[position.line] ?? text.length) + position.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let result = text;
  for (const edit of sorted)
    result =
      result.slice(0, offset(edit.range.start)) +
      edit.newText +
      result.slice(offset(edit.range.end));
  return result;
}
