// How mmq ends when a command does not return an exit status: usage and I/O problems are one
// line and status 2 (spec/cli.md), a refusal of the service one line and status 1; anything
// else is a bug, shown as an internal error with its stack (status 2 too, as scripts expect no
// other status) so that it can be reported.
import { CommanderError } from '@commander-js/extra-typings';
import { OverBudget } from './api/credits';
import { ServiceRefusal, UsageError } from './errors';

export interface Ending {
  readonly status: number;
  /** For stderr; empty when commander has printed the message (or the usage) itself. */
  readonly message: string;
}

export function ending(error: unknown): Ending {
  // Commander has printed its error or the usage; exit code 0 is help asked for.
  if (error instanceof CommanderError) return { status: error.exitCode === 0 ? 0 : 2, message: '' };
  if (error instanceof UsageError) return { status: 2, message: `mmq: ${error.message}\n` };
  // The service refused (its code and message): exit 1, as spec/cli.md says.
  if (error instanceof ServiceRefusal) return { status: 1, message: `mmq: ${error.message}\n` };
  // A call over --max-credits is refused before it starts, as the service would refuse it.
  if (error instanceof OverBudget) return { status: 1, message: `mmq: ${error.message}\n` };
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { status: 2, message: `mmq: internal error: ${detail}\n` };
}
