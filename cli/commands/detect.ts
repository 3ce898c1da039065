// `mmq detect (logo [--detect ID,...] | scene) (FILE | URL)` (spec/cli.md): image detection from
// scripts. A URL is sent for the service to fetch (its domain must be approved for the account);
// a file is uploaded. The `result_processing` answer is printed as one JSON object, boxes in the
// image's stored pixel grid as the service gives them. Errors 45 (a logo not configured) and 50
// (a domain not approved) are explained by the client's messages, with what to do, exit 1.
import { counted } from '../../core/plural';
import type { Command } from '@commander-js/extra-typings';
import { basename } from 'node:path';
import type { DetectionKind } from '../../core/api/schemas/images';
import { addressProblem, imageContentType, isAddress } from '../../core/images/imageSource';
import { ImageTooLarge, readImageFile, readImageStream } from '../../core/images/readImage';
import { baseUrlOption, calling, connect, quietOption, type ApiFlags } from '../api/connect';
import { describeIoError, errorCode, UsageError } from '../errors';
import { jsonLine, toStderr, toStdout } from '../terminal';

type Flags = ApiFlags & { detect?: string[] };

interface ImageFile {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly contentType: string;
}

/** The image's bytes, its size checked before they are read (core/images/readImage.ts). */
async function readImage(path: string): Promise<ImageFile> {
  try {
    if (path === '-')
      return {
        bytes: await readImageStream(process.stdin as AsyncIterable<Buffer>, 'the image on stdin'),
        fileName: 'stdin',
        contentType: imageContentType(''),
      };
    const bytes = await readImageFile(path);
    return { bytes, fileName: basename(path), contentType: imageContentType(path) };
  } catch (error: unknown) {
    if (error instanceof ImageTooLarge) throw new UsageError(error.message);
    throw new UsageError(
      `cannot read ${path}: ${describeIoError(errorCode(error) ?? String(error))}`,
    );
  }
}

/** `--detect a,b --detect c`: the logo ids, each once, none empty. */
function logoIds(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  const ids = [...new Set(values.flatMap((value) => value.split(',')).map((id) => id.trim()))];
  if (ids.some((id) => id === ''))
    throw new UsageError('--detect: logo ids are separated by commas, none empty');
  return ids;
}

async function detect(kind: DetectionKind, image: string, flags: Flags): Promise<number> {
  const options = { detect: logoIds(flags.detect) };
  const address = isAddress(image);
  const problem = address ? addressProblem(image) : undefined;
  if (problem !== undefined) throw new UsageError(problem);
  // An unreadable file is an I/O problem, found before the service is asked anything.
  const file = address ? undefined : await readImage(image);
  const client = connect(flags);
  const what = `detecting ${kind}s in ${image}`;
  const answer = await calling(what, () =>
    file === undefined
      ? client.images.detectAt(kind, image, options)
      : client.images.detectFile(kind, file, options),
  );
  const result = answer.result_processing;
  if (!flags.quiet)
    toStderr(
      `mmq: ${counted(result.match.length, `${kind} match`, `${kind} matches`)} in ${image} (${result.width}×${result.height} pixels)
`,
    );
  toStdout(jsonLine(result));
  return 0;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function registerDetect(program: Command): void {
  const command = program
    .command('detect')
    .description('detect logos or scenes in an image file or at an address (an approved domain)');
  command
    .command('logo')
    .description('the logos configured for the account, or only those of --detect')
    .argument('<image>', 'an image file (- for stdin) or an http(s) address')
    .option('--detect <ids>', 'only these logo ids, comma-separated (repeatable)', collect)
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (image, flags) => {
      process.exitCode = await detect('logo', image, flags);
    });
  command
    .command('scene')
    .description('every scene the service recognises')
    .argument('<image>', 'an image file (- for stdin) or an http(s) address')
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (image, flags) => {
      process.exitCode = await detect('scene', image, flags);
    });
}
