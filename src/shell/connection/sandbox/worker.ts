// The embedded sandbox in a worker thread (dist/sandbox.js): in the extension's process, but
// generating its corpus and answering requests off the extension host's thread, so VS Code never
// waits for it. Messages: connection/sandboxMessages.ts.
import { parentPort, workerData } from 'node:worker_threads';
import type { RunningSandbox } from '../../../../sandbox/server';
import { startKeptSandbox } from './keptSandbox';
import { isSandboxCommand, isSandboxWorkerOptions, type SandboxMessage } from '../sandboxMessages';

const port = parentPort;
const send = (message: SandboxMessage) => port?.postMessage(message);

async function main(): Promise<void> {
  if (!port) throw new Error('dist/sandbox.js runs as a worker thread of the extension');
  if (!isSandboxWorkerOptions(workerData))
    throw new Error('the sandbox worker was started without valid options');
  // A close may come while the corpus is still being generated: it then waits for the start.
  const running: { sandbox?: Promise<RunningSandbox> } = {};
  port.on('message', (message: unknown) => {
    if (!isSandboxCommand(message)) return;
    void (running.sandbox ?? Promise.resolve(undefined))
      .then((sandbox) => sandbox?.close())
      .finally(() => {
        send({ kind: 'closed' });
        port.close();
      });
  });
  const started = startKeptSandbox(
    {
      host: '127.0.0.1',
      port: 0,
      token: workerData.token,
      seed: workerData.seed,
      docs: workerData.docs,
      rate: workerData.rate,
      snapshotDir: workerData.snapshotDir,
      log: (line) => send({ kind: 'log', line }),
    },
    workerData.dataDir,
  );
  running.sandbox = started.then(({ sandbox }) => sandbox);
  const { sandbox, state } = await started;
  send({ kind: 'listening', url: sandbox.url, state });
}

main().catch((error: unknown) => {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
});
