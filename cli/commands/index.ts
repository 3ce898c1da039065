// The commands of mmq, in the order `mmq --help` lists them. A new command is a file beside
// this one exporting its RegisterCommand, and a line here. Each command's code loads only when
// it runs (or when the whole list is shown): `mmq lint` does not load the API client or the
// sandbox, and `mmq --version` loads none.
import type { RegisterCommand } from '../program';

export interface CommandEntry {
  /** The name it is run by, `mmq <name>`. */
  readonly name: string;
  readonly load: () => Promise<RegisterCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'lint', load: async () => (await import('./lint')).registerLint },
  { name: 'fmt', load: async () => (await import('./fmt')).registerFmt },
  { name: 'split', load: async () => (await import('./split')).registerSplit },
  { name: 'explain', load: async () => (await import('./explain')).registerExplain },
  { name: 'sandbox', load: async () => (await import('./sandbox')).registerSandbox },
  { name: 'stream', load: async () => (await import('./stream')).registerStream },
  { name: 'tail', load: async () => (await import('./tail')).registerTail },
  { name: 'collector', load: async () => (await import('./collector')).registerCollector },
  { name: 'export', load: async () => (await import('./export')).registerExport },
  { name: 'upload', load: async () => (await import('./upload')).registerUpload },
  { name: 'docs', load: async () => (await import('./docs')).registerDocs },
  { name: 'detect', load: async () => (await import('./detect')).registerDetect },
];

const VERSION_FLAGS = new Set(['-V', '--version']);

/**
 * The commands the arguments need declared: the one they run (`mmq lint …`, `mmq help lint`),
 * none for `mmq --version`, and every one otherwise (the usage lists them all, and an unknown
 * name is answered with the nearest known one).
 */
export function commandsFor(
  args: readonly string[],
  commands: readonly CommandEntry[] = COMMANDS,
): readonly CommandEntry[] {
  const words = args.filter((arg) => !arg.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  const named = commands.find((command) => command.name === name);
  if (named) return [named];
  if (name === undefined && args.some((arg) => VERSION_FLAGS.has(arg))) return [];
  return commands;
}
