// Starts and stops the embedded sandbox's worker thread (src/shell/connection/sandbox/worker.ts).
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  isSandboxMessage,
  type SandboxCommand,
  type SandboxMessage,
  type SandboxState,
  type SandboxWorkerOptions,
} from './sandboxMessages';

export interface EmbeddedSandbox {
  readonly url: string;
  /** Whether, and where, it keeps what the user does across reloads. */
  readonly state: SandboxState;
  close(): Promise<void>;
}

const CLOSE_TIMEOUT_MS = 5_000;

export function startSandboxWorker(
  options: SandboxWorkerOptions,
  log: (line: string) => void,
): Promise<EmbeddedSandbox> {
  const worker = new Worker(path.join(__dirname, 'sandbox.js'), { workerData: options });
  return new Promise<EmbeddedSandbox>((resolve, reject) => {
    let listening = false;
    const closed = new Promise<void>((done) => worker.once('exit', () => done()));
    const close = async () => {
      const command: SandboxCommand = { kind: 'close' };
      worker.postMessage(command);
      // A worker that does not close in time is ended: nothing of it may outlive the extension.
      const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
      await closed;
      clearTimeout(timer);
    };
    worker.on('message', (message: unknown) => {
      if (!isSandboxMessage(message)) {
        log(`sandbox worker: ignored a malformed message`);
        return;
      }
      const known: SandboxMessage = message;
      if (known.kind === 'log') log(known.line);
      else if (known.kind === 'listening') {
        listening = true;
        resolve({ url: known.url, state: known.state, close });
      } else if (known.kind === 'failed') {
        reject(new Error(known.message));
        void worker.terminate();
      }
    });
    worker.once('error', (error) => {
      if (!listening) reject(error);
      else log(`sandbox worker failed: ${error.message}`);
    });
    worker.once('exit', (code) => {
      if (!listening) reject(new Error(`the sandbox worker exited with ${code} before listening`));
    });
  });
}
