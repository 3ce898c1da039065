// The mmq command (dist/cli.js): lint, format and split .mmq files. Its interface is fixed by
// spec/cli.md: scripts and CI pipelines rely on the exit statuses and output formats.
import { fmtCommand } from './commands/fmt';
import { lintCommand } from './commands/lint';
import { sandboxCommand } from './commands/sandbox';
import { splitCommand } from './commands/split';
import { UsageError } from './io';

const USAGE = `usage: mmq <command> [options] FILE...

commands:
  lint [--format text|json] FILE...   report diagnostics; exit 1 when any is an error
  fmt [--check | --write] FILE...     format .mmq files (stdout by default)
  split FILE                          split rules over 50 operands into several rules
  sandbox [--host H] [--port P] [--seed N] [--docs N] [--rate R] [--token T]
          [--read-only-token T] [--credits N] [--data-dir DIR]
          [--corpus-cache DIR] [--quiet]
                                      run the API emulator (first line: listening on URL)
  help                                show this text

FILE may be - to read standard input.`;

type Command = (args: readonly string[]) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  lint: lintCommand,
  fmt: fmtCommand,
  split: splitCommand,
  sandbox: sandboxCommand,
};

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? process.stderr : process.stdout).write(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command \`${name}\``);
  return command(args);
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    if (
      error instanceof UsageError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      process.stderr.write(
        `mmq: ${error.message}\n${error instanceof UsageError ? '' : USAGE + '\n'}`,
      );
    } else {
      process.stderr.write(
        `mmq: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exitCode = 2;
  },
);
