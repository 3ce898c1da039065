// `mmq tail (--stream ID [--q Q] [--max-hits N] | --collector ID [--from earliest|latest]
// [--until-end]) [--resume-file F] [--format ndjson|text]` (spec/cli.md): results on stdout as
// they arrive, progress on stderr. A collector tail with --resume-file gives every result exactly
// once over successive runs, also when one is killed (see ../tail/tailOutput.ts); a stream has
// no offsets (live results only), so a resume file is refused for it.
import { Option, type Command } from '@commander-js/extra-typings';
import { estimateCredits } from '../../core/api/client/estimate';
import type { ReadEvent } from '../../core/api/client/streamReader';
import { RESUME_OFFSETS } from '../../core/api/schemas/streams';
import {
  apiFailure,
  baseUrlOption,
  calling,
  connect,
  quietOption,
  type ApiFlags,
} from '../api/connect';
import { maxCreditsOption, spend } from '../api/credits';
import { UsageError } from '../errors';
import { wholeNumber } from '../options';
import { batches } from '../tail/batches';
import { readResumeFile, ResumeFileWriter } from '../tail/resumeFile';
import { TailOutput, type TailFormat } from '../tail/tailOutput';

interface TailFlags extends ApiFlags {
  stream?: string;
  q?: string;
  maxHits?: number;
  collector?: string;
  from?: (typeof RESUME_OFFSETS)[number];
  untilEnd?: true;
  resumeFile?: string;
  format: TailFormat;
  maxCredits?: number;
}

/** What to read, checked before anything is sent. */
function readsOf(flags: TailFlags) {
  if (flags.stream !== undefined && flags.collector !== undefined)
    throw new UsageError('give --stream or --collector, not both');
  if (flags.stream !== undefined) {
    if (flags.resumeFile !== undefined)
      throw new UsageError(
        '--resume-file is for collectors: a stream delivers live results only and has no offsets to resume from',
      );
    return { kind: 'stream', id: flags.stream } as const;
  }
  if (flags.collector !== undefined) return { kind: 'collector', id: flags.collector } as const;
  throw new UsageError('give --stream ID or --collector ID');
}

async function tail(flags: TailFlags): Promise<number> {
  const source = readsOf(flags);
  const what = `tailing ${source.kind} ${source.id}`;
  const say = (message: string) => {
    if (!flags.quiet) process.stderr.write(`mmq: ${message}\n`);
  };
  // Read before connecting: a malformed resume file is a usage problem, with nothing sent.
  const resumeFrom =
    source.kind === 'collector' && flags.resumeFile !== undefined
      ? readResumeFile(flags.resumeFile, source.id)
      : undefined;
  if (source.kind === 'stream')
    spend(
      what,
      estimateCredits({
        kind: 'streamRead',
        ...(flags.maxHits === undefined ? {} : { maxHits: flags.maxHits }),
      }),
      flags,
    );
  const client = connect(flags);
  const controller = new AbortController();
  let interrupted = false;
  let connected = false;
  const interrupt = () => {
    interrupted = true;
    controller.abort();
  };
  process.once('SIGINT', interrupt);
  const output = new TailOutput(
    flags.format,
    flags.resumeFile === undefined ? undefined : new ResumeFileWriter(flags.resumeFile, source.id),
    (event) => {
      // The first control chunk says the connection is open: from now on results arrive.
      if (event.kind === 'control' && !connected) {
        connected = true;
        say(`${what}: connected`);
      } else if (event.kind === 'reconnect')
        say(`${what}: reconnecting from ${event.from} (attempt ${event.attempt}): ${event.reason}`);
    },
  );
  const signal = controller.signal;
  let events: AsyncIterable<ReadEvent>;
  if (source.kind === 'stream') {
    events = client.streams.read(source.id, {
      signal,
      ...(flags.q === undefined ? {} : { q: flags.q }),
      ...(flags.maxHits === undefined ? {} : { maxHits: flags.maxHits }),
    });
    say(
      `${what}${flags.maxHits === undefined ? ' (Ctrl-C ends it)' : ` until ${flags.maxHits} results`}`,
    );
  } else {
    events = client.collectors.read(source.id, {
      signal,
      endBehaviour: flags.untilEnd ? 'stop' : 'wait',
      ...(resumeFrom ? { resumeFrom } : { resumeOffset: flags.from ?? 'earliest' }),
    });
    say(
      resumeFrom
        ? `${what} from where ${flags.resumeFile ?? ''} says the last run stopped`
        : `${what} from ${flags.from ?? 'earliest'}`,
    );
  }
  try {
    await calling(what, async () => {
      for await (const batch of batches(events)) {
        const fatal = output.write(batch);
        if (fatal) throw apiFailure(what, fatal);
      }
    });
  } finally {
    process.off('SIGINT', interrupt);
    controller.abort();
    await client.close();
  }
  const count = `${output.written} result${output.written === 1 ? '' : 's'}`;
  if (interrupted) {
    say(
      `interrupted after ${count}` +
        (flags.resumeFile === undefined ? '' : `; ${flags.resumeFile} says where to go on`),
    );
    return 130;
  }
  say(`${what}: ended after ${count}`);
  return 0;
}

export function registerTail(program: Command): void {
  program
    .command('tail')
    .description('results of a stream or a collector on stdout as they arrive')
    .option('--stream <id>', 'read this stream (live results only)')
    .addOption(
      new Option('--q <query>', 'an extra query ANDed with every rule').conflicts('collector'),
    )
    .addOption(
      new Option('--max-hits <n>', 'end after N results')
        .argParser(wholeNumber(1))
        .conflicts('collector'),
    )
    .option('--collector <id>', 'read this collector (buffered results, resumable)')
    .addOption(
      new Option(
        '--from <offset>',
        'where a collector read starts when no resume file says (default: earliest)',
      )
        .choices(RESUME_OFFSETS)
        .conflicts('stream'),
    )
    .addOption(
      new Option(
        '--until-end',
        'end after the last buffered result instead of waiting for more',
      ).conflicts('stream'),
    )
    .option(
      '--resume-file <file>',
      'collectors: start where this file says and keep it up to date, so that runs give every result exactly once',
    )
    .addOption(
      new Option(
        '--format <format>',
        'ndjson: one result object per line; text: time, source, title, rule, URL',
      )
        .choices(['ndjson', 'text'] as const)
        .default('ndjson' as const),
    )
    .addOption(maxCreditsOption())
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .addHelpText(
      'after',
      '\nExit status: 0 done, 1 the service refused (code 24: a newer connection took the stream), 2 usage or I/O\nproblem, 130 interrupted (Ctrl-C) after writing what it had and the resume file.',
    )
    .action(async (flags) => {
      process.exitCode = await tail(flags);
    });
}
