// The mmq command (dist/cli.js): lint, format and split .mmq files, run the sandbox. Its interface
// is fixed by spec/cli.md: scripts and CI pipelines rely on the exit statuses and output formats.
import { commandsFor } from './commands';
import { ending } from './failure';
import { buildProgram } from './program';
import { redactStream } from './redaction';
import { toStderr } from './terminal';

// Whatever a command or commander prints on stderr, the token masked (redaction.ts); stdout too
// for the commands that call the API (those that take --base-url), once one is about to run.
// toStderr and toStdout (terminal.ts) mask and then remove control characters; the streams'
// own masking is the last door for anything written to them otherwise.
redactStream(process.stderr);
const args = process.argv.slice(2);

// Each command's action sets process.exitCode; the process ends when nothing is left to do.
// Only the command that runs is loaded (commands/index.ts).
Promise.all(commandsFor(args).map((command) => command.load()))
  .then((registers) =>
    buildProgram(registers)
      .hook('preAction', (_program, command) => {
        if (command.options.some((option) => option.long === '--base-url'))
          redactStream(process.stdout);
      })
      .parseAsync(args, { from: 'user' }),
  )
  .catch((error: unknown) => {
    const { status, message } = ending(error);
    toStderr(message);
    process.exitCode = status;
  });
