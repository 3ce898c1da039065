// Why `mmq sandbox` could not listen, said in one line with what to do: a busy or privileged port
// and a wrong --host are the user's to fix (exit 2, spec/cli.md), not bugs to show a stack for.
import { DEFAULT_OPTIONS } from '../sandbox/options';
import { errorCode } from './errors';

const ANOTHER_PORT = 'choose another with --port, or --port 0 for a free one';
const ANOTHER_HOST = `choose an address of this machine with --host (${DEFAULT_OPTIONS.host} by default)`;

/** The message for an error of listening on host:port, or undefined if it is no such error. */
export function listenProblem(error: unknown, host: string, port: number): string | undefined {
  const syscall = error instanceof Error && 'syscall' in error ? error.syscall : undefined;
  if (syscall !== 'listen' && syscall !== 'getaddrinfo') return undefined;
  const code = errorCode(error) ?? 'unknown error';
  switch (code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is in use: ${ANOTHER_PORT}`;
    case 'EACCES':
      return `port ${port} on ${host} is not allowed for this user (ports below 1024 usually need privileges): ${ANOTHER_PORT}`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine: ${ANOTHER_HOST}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${host} not found: ${ANOTHER_HOST}`;
    default:
      return `cannot listen on port ${port} on ${host}: ${code}`;
  }
}
