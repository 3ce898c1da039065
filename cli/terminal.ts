// What mmq prints goes through here: stdout and stderr may be a terminal, and the text holds
// what documents, the service and files said. The token is masked first (cli/redaction.ts: on
// stderr always, on stdout for the commands that call the API), then control characters are
// removed (core/text/controls.ts), JSON has its C1 controls escaped; only `fmt` and `split` print
// a file's text as it is, since that is the file the user asked for (a CR of CRLF line ends
// included).
import { escapedJson, printable } from '../core/text/controls';
import { isRedacted, redactOutput } from './redaction';

/** Writes `text` on stderr: the token masked, then no control characters but line feeds and tabs. */
export function toStderr(text: string): void {
  process.stderr.write(printable(redactOutput(text)));
}

/**
 * Writes `text` on stdout: the token masked when stdout is (redaction.ts), then no control
 * characters but line feeds and tabs.
 */
export function toStdout(text: string): void {
  process.stdout.write(printable(isRedacted(process.stdout) ? redactOutput(text) : text));
}

/** `value` as JSON and a line feed, safe in a terminal and the same value for any reader. */
export function jsonLine(value: unknown, indent?: number): string {
  return `${escapedJson(JSON.stringify(value, null, indent))}\n`;
}
