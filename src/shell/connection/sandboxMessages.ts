// The messages between the extension and its sandbox worker (src/shell/connection/sandbox/worker.ts),
// declared once and checked on arrival: a worker's message is data from another thread.
import { isAbsolute } from 'node:path';

/**
 * Whether the sandbox keeps what the user does across reloads and restarts, and where; `note`
 * says why not, or what a user should know of it (settings waiting for a reset).
 */
export interface SandboxState {
  readonly kept: boolean;
  readonly directory?: string;
  readonly note?: string;
}

/** Worker → extension. */
export type SandboxMessage =
  | { readonly kind: 'listening'; readonly url: string; readonly state: SandboxState }
  | { readonly kind: 'log'; readonly line: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'closed' };

/** Extension → worker. */
export type SandboxCommand = { readonly kind: 'close' };

/** What the worker is started with (its workerData). */
export interface SandboxWorkerOptions {
  readonly token: string;
  readonly seed: number;
  readonly docs: number;
  readonly rate: number;
  /** Where the corpus is kept between starts (an absolute path); not kept when absent. */
  readonly snapshotDir?: string;
  /**
   * Where the sandbox keeps its state (streams, collectors, uploads, metrics, tasks, credits)
   * across reloads and restarts (an absolute path); in memory only when absent.
   */
  readonly dataDir?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The worker creates and writes files there: only a plain absolute path will do. */
const isAbsolutePath = (value: unknown): value is string =>
  typeof value === 'string' && isAbsolute(value) && !value.includes('\u0000');

export function isSandboxMessage(value: unknown): value is SandboxMessage {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'listening':
      return (
        typeof value.url === 'string' && /^http:\/\/[^/]+$/.test(value.url) && isState(value.state)
      );
    case 'log':
      return typeof value.line === 'string';
    case 'failed':
      return typeof value.message === 'string';
    case 'closed':
      return true;
    default:
      return false;
  }
}

function isState(value: unknown): value is SandboxState {
  return (
    isRecord(value) &&
    typeof value.kept === 'boolean' &&
    (value.directory === undefined || isAbsolutePath(value.directory)) &&
    (value.note === undefined || typeof value.note === 'string')
  );
}

export function isSandboxCommand(value: unknown): value is SandboxCommand {
  return isRecord(value) && value.kind === 'close';
}

export function isSandboxWorkerOptions(value: unknown): value is SandboxWorkerOptions {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    [value.seed, value.docs, value.rate].every(
      (number) => typeof number === 'number' && Number.isFinite(number) && number >= 0,
    ) &&
    (value.snapshotDir === undefined || isAbsolutePath(value.snapshotDir)) &&
    (value.dataDir === undefined || isAbsolutePath(value.dataDir))
  );
}
