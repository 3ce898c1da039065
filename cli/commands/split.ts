// `mmq split FILE`: prints the file with every over-limit rule replaced by rules of at most 50
// operands that together match what it matched; or says why a rule cannot be split (exit 1).
import type { Command } from '@commander-js/extra-typings';
import { splitFile } from '../../core/query/split';
import { readInputs } from '../io';
import { toStderr } from '../terminal';

async function split(path: string): Promise<number> {
  const [input] = await readInputs([path]);
  if (!input) return 2;
  const result = splitFile(input.text, input.path ?? 'stdin.mmq');
  if (!result.ok) {
    toStderr(`${input.name}: rule \`${result.rule}\` cannot be split: ${result.reason}\n`);
    return 1;
  }
  // The file's text as it is: the rewrite of a file is the user's (cli/terminal.ts).
  process.stdout.write(result.text);
  return 0;
}

export function registerSplit(program: Command): void {
  program
    .command('split')
    .description('split rules over 50 operands into several rules; exit 1 when one cannot be')
    .argument('<file>', 'a .mmq file, or - for standard input')
    .action(async (file) => {
      process.exitCode = await split(file);
    });
}
