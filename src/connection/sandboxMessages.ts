// The messages between the extension and its sandbox worker (src/bundles/sandboxWorker.ts),
// declared once and checked on arrival: a worker's message is data from another thread.
import { isAbsolute } from 'node:path';

/** Worker → extension. */
export type SandboxMessage =
  | { readonly kind: 'listening'; readonly url: string }
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
      return typeof value.url === 'string' && /^http:\/\/[^/]+$/.test(value.url);
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
    (value.snapshotDir === undefined || isAbsolutePath(value.snapshotDir))
  );
}
