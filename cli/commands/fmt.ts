// `mmq fmt [--check | --write] FILE...`: the language server's formatter for scripts and CI.
import { parseArgs } from 'node:util';
import { formatFile } from '../../core/query/format';
import { readInputs, UsageError, writeAtomically } from '../io';

export async function fmtCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      check: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  if (values.check && values.write) throw new UsageError('--check and --write exclude each other');
  if (positionals.length === 0)
    throw new UsageError('mmq fmt needs at least one FILE (or - for standard input)');
  if (positionals.length > 1 && !values.check && !values.write) {
    throw new UsageError('with several files, say --write (rewrite them) or --check (only report)');
  }
  if (values.write && positionals.includes('-'))
    throw new UsageError('--write cannot rewrite standard input');

  const inputs = await readInputs(positionals);
  const results = inputs.map((input) => ({
    input,
    formatted: formatFile(input.text, input.path ?? 'stdin.mmq'),
  }));
  if (!values.check && !values.write) {
    process.stdout.write(results[0]?.formatted ?? '');
    return 0;
  }
  const changed = results.filter(({ input, formatted }) => formatted !== input.text);
  if (values.check) {
    for (const { input } of changed) process.stderr.write(`not formatted: ${input.name}\n`);
    return changed.length > 0 ? 1 : 0;
  }
  for (const { input, formatted } of changed) {
    if (input.path) await writeAtomically(input.path, (input.bom ? '\uFEFF' : '') + formatted);
    process.stderr.write(`formatted ${input.name}\n`);
  }
  return 0;
}
