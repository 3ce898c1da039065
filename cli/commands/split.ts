// `mmq split FILE`: prints the file with every over-limit rule replaced by rules of at most 50
// operands that together match what it matched; or says why a rule cannot be split (exit 1).
import { parseArgs } from 'node:util';
import { splitFile } from '../../core/query/split';
import { readInputs, UsageError } from '../io';

export async function splitCommand(args: readonly string[]): Promise<number> {
  const { positionals } = parseArgs({ args: [...args], options: {}, allowPositionals: true });
  if (positionals.length !== 1)
    throw new UsageError('mmq split takes exactly one FILE (or - for standard input)');
  const [input] = await readInputs(positionals);
  if (!input) return 2;
  const result = splitFile(input.text, input.path ?? 'stdin.mmq');
  if (!result.ok) {
    process.stderr.write(
      `${input.name}: rule \`${result.rule}\` cannot be split: ${result.reason}\n`,
    );
    return 1;
  }
  process.stdout.write(result.text);
  return 0;
}
