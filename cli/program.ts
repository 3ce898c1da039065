// The mmq program: commander with the conventions of spec/cli.md. Each command lives in its own
// file under commands/ and declares itself on the program given to it; this file adds what all
// of them share: usage errors exit 2 (commander's own default is 1), messages start with the
// command's name, and each error is followed by where to find that command's usage.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { redactOutput } from './redaction';
import { toStderr, toStdout } from './terminal';
import { MMQ_VERSION } from './version';

/** Declares one subcommand (name, arguments, options, action) on the program. */
export type RegisterCommand = (program: Command) => void;

const EPILOGUE = `
FILE may be - to read standard input. lint and fmt take directories too: every .mmq file under
them, in name order, except under node_modules and directories whose name starts with a dot.
Exit status: 0 done, 1 problems found or the service refused (see each command), 2 usage or I/O
problem, 130 interrupted.`;

export function buildProgram(commands: readonly RegisterCommand[]): Command {
  const program = new Command('mmq')
    .description(
      'Lint, format and split Media Monitoring query files (.mmq); explain what each part of a rule brings; run the API sandbox; push streams, tail streams and collectors, run exports, upload, delete and undelete documents, detect logos and scenes in images.',
    )
    .usage('<command> [options]')
    .helpCommand('help [command]', 'show the usage of mmq or of a command')
    .helpOption('-h, --help', 'show this usage')
    .version(MMQ_VERSION, '-V, --version', "show mmq's version")
    .addHelpText('after', EPILOGUE)
    // Commander then throws instead of exiting, and main.ts maps its exit codes onto ours.
    .exitOverride();
  // Settings above are inherited by the subcommands the commands declare with program.command().
  for (const register of commands) register(program);
  for (const command of withSubcommands(program)) {
    const name = commandPath(command);
    command
      .configureOutput({
        // A usage error echoes what was typed, which a script may have taken from anywhere:
        // `unknown option '--access-token=…'` is masked, and then its control characters go
        // (terminal.ts). Help and the version are masked on stdout too, for every command.
        writeOut: (text) => toStdout(redactOutput(text)),
        writeErr: toStderr,
        outputError: (message, write) => write(oneLine(message, name)),
      })
      .showHelpAfterError(`run '${name} --help' for usage`);
  }
  return program;
}

/** A command and every command under it (`mmq stream push` sits two levels down). */
function withSubcommands(command: CommandUnknownOpts): CommandUnknownOpts[] {
  return [command, ...command.commands.flatMap(withSubcommands)];
}

function commandPath(command: CommandUnknownOpts): string {
  const parent = command.parent;
  return parent ? `${commandPath(parent)} ${command.name()}` : command.name();
}

/** `error: unknown command 'lnt'\n(Did you mean lint?)` as `mmq: unknown command 'lnt' (did you
 * mean lint?)`: one line for what is wrong, the next for where the usage is. */
function oneLine(message: string, name: string): string {
  return message
    .replace(/^error: /, `${name}: `)
    .replace(/\n\(Did you mean (.*)\?\)\n$/, ' (did you mean $1?)\n');
}
