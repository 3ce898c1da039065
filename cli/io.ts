// Reading inputs for the mmq command: files by path, `-` for standard input. Every input is read
// before anything is printed, so an I/O problem exits 2 with nothing on stdout (spec/cli.md).
import { readFile, rename, writeFile } from 'node:fs/promises';
import { temporaryBeside } from '../core/files/temporaryName';
import { describeIoError, errorCode, UsageError } from './errors';

export interface Input {
  /** The name shown in output: the path as given, or `<stdin>`. */
  readonly name: string;
  readonly path: string | null;
  /** The text without a byte-order mark (editors never show one; offsets must not count it). */
  readonly text: string;
  /** Whether the file started with a byte-order mark, which a rewrite keeps. */
  readonly bom: boolean;
}

const BOM = '\uFEFF';

function input(name: string, path: string | null, raw: string): Input {
  const bom = raw.startsWith(BOM);
  return { name, path, text: bom ? raw.slice(1) : raw, bom };
}

export const STDIN_NAME = '<stdin>';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function readInputs(paths: readonly string[]): Promise<Input[]> {
  if (paths.filter((path) => path === '-').length > 1) {
    throw new UsageError('`-` (standard input) may be given only once');
  }
  const inputs: Input[] = [];
  for (const path of paths) {
    if (path === '-') {
      inputs.push(input(STDIN_NAME, null, await readStdin()));
      continue;
    }
    try {
      inputs.push(input(path, path, await readFile(path, 'utf8')));
    } catch (error: unknown) {
      throw new UsageError(
        `cannot read ${path}: ${describeIoError(errorCode(error) ?? String(error))}`,
      );
    }
  }
  return inputs;
}

/** Writes atomically: a temporary file beside the target, then a rename over it. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = temporaryBeside(path);
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, path);
}
