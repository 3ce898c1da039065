// Problems the mmq command reports as such (one line on stderr; exit status 2 for usage and I/O,
// 1 for a refusal of the service), as opposed to bugs, which it reports as internal errors with
// their stack.

/** A usage or I/O problem: reported with exit status 2 (spec/cli.md). */
export class UsageError extends Error {}

/** Words for the Node error codes a user can do something about; others are shown as they are. */
export function describeIoError(code: string): string {
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
      return 'permission denied';
    default:
      return code;
  }
}

/** The `code` of a Node system error (`ENOENT`, `EADDRINUSE`…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** A refusal of the service: exit 1 with its code and message (spec/cli.md). */
export class ServiceRefusal extends Error {}
