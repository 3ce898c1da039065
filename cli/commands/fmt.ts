// `mmq fmt [--check | --write] FILE...`: the language server's formatter for scripts and CI.
import { Option, type Command } from '@commander-js/extra-typings';
import { formatFile } from '../../core/query/formatter';
import { UsageError } from '../errors';
import { expandPaths, noteEmpty } from '../files';
import { readInputs, writeAtomically } from '../io';
import { toStderr } from '../terminal';

type Mode = 'print' | 'check' | 'write';

async function fmt(args: readonly string[], mode: Mode): Promise<number> {
  const expansion = await expandPaths(args);
  // Standard output takes one file; whether a directory holds one is not known when writing the
  // command, so a directory always needs a mode.
  if (mode === 'print' && (args.length > 1 || expansion.directories)) {
    throw new UsageError(
      'with several files or a directory, say --write (rewrite them) or --check (only report)',
    );
  }
  if (mode === 'write' && args.includes('-'))
    throw new UsageError('--write cannot rewrite standard input');

  const inputs = await readInputs(expansion.paths);
  noteEmpty(expansion);
  const results = inputs.map((input) => ({
    input,
    formatted: formatFile(input.text, input.path ?? 'stdin.mmq'),
  }));
  if (mode === 'print') {
    // The file's text as it is: the rewrite of a file is the user's (cli/terminal.ts).
    process.stdout.write(results[0]?.formatted ?? '');
    return 0;
  }
  const changed = results.filter(({ input, formatted }) => formatted !== input.text);
  if (mode === 'check') {
    for (const { input } of changed) toStderr(`not formatted: ${input.name}\n`);
    return changed.length > 0 ? 1 : 0;
  }
  for (const { input, formatted } of changed) {
    if (input.path) await writeAtomically(input.path, (input.bom ? '\uFEFF' : '') + formatted);
    toStderr(`formatted ${input.name}\n`);
  }
  return 0;
}

export function registerFmt(program: Command): void {
  program
    .command('fmt')
    .description('format .mmq files (to stdout by default)')
    .argument('<file...>', '.mmq files, directories (every .mmq file under them), - for stdin')
    .addOption(
      new Option('--check', 'write nothing; exit 1 listing the files not formatted').conflicts(
        'write',
      ),
    )
    .option('--write', 'rewrite in place the files that change')
    .action(async (files, options) => {
      const mode = options.check ? 'check' : options.write ? 'write' : 'print';
      process.exitCode = await fmt(files, mode);
    });
}
