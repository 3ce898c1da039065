// The mmq command (dist/cli.js): lint, format and split .mmq files, run the sandbox. Its interface
// is fixed by spec/cli.md: scripts and CI pipelines rely on the exit statuses and output formats.
import { COMMANDS } from './commands';
import { ending } from './failure';
import { buildProgram } from './program';
import { toStderr } from './terminal';

// Each command's action sets process.exitCode; the process ends when nothing is left to do.
buildProgram(COMMANDS)
  .parseAsync(process.argv.slice(2), { from: 'user' })
  .catch((error: unknown) => {
    const { status, message } = ending(error);
    toStderr(message);
    process.exitCode = status;
  });
