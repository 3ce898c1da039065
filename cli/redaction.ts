// Every text mmq sends out goes through the one redaction (core/api/redact.ts): the token of the
// environment in any spelling, any access_token parameter, and the value of a flag that would
// carry a token (`--access-token=…`, echoed by a usage error). The client masks what it knows of;
// this is the last door, for what a service echoes in a field nobody thought of. Stderr is masked
// for every command; stdout only for the commands that call the API, whose output is the
// service's: `mmq fmt` must print a query file exactly as it formats it. What is printed is
// masked first and then freed of control characters (cli/terminal.ts): masking never adds one,
// since a JSON line it writes again has its DEL and C1 controls escaped as jsonLine has them.
import { redactLines } from '../core/api/redact';
import { escapedJson } from '../core/text/controls';
import { TOKEN_VARIABLE } from './api/variables';

/** JSON as jsonLine writes it (cli/terminal.ts), without its line feed. */
const serialize = (value: unknown) => escapedJson(JSON.stringify(value));

export function redactOutput(text: string): string {
  return redactLines(text, process.env[TOKEN_VARIABLE], serialize);
}

function redactChunk(chunk: unknown): unknown {
  if (typeof chunk === 'string') return redactOutput(chunk);
  if (!(chunk instanceof Uint8Array)) return chunk;
  const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
  const masked = redactOutput(text);
  return masked === text ? chunk : Buffer.from(masked, 'utf8');
}

const redacted = new WeakSet<NodeJS.WriteStream>();

/** Masks whatever is written to `stream` from now on (once however often asked). */
export function redactStream(stream: NodeJS.WriteStream): void {
  if (redacted.has(stream)) return;
  redacted.add(stream);
  const write = stream.write.bind(stream);
  const masking = (chunk: unknown, ...rest: unknown[]): boolean =>
    Reflect.apply(write, stream, [redactChunk(chunk), ...rest]) as boolean;
  stream.write = masking;
}

/** Whether what is written to `stream` is masked (redactStream was asked for it). */
export function isRedacted(stream: NodeJS.WriteStream): boolean {
  return redacted.has(stream);
}
