// `mmq tail (--stream ID [--q Q] [--max-hits N] | --collector ID [--from earliest|latest]
// [--until-end] | --project ID [--topic ID]... [--filter ID]... [--q Q] [--max-hits N])
// [--resume-file F] [--format ndjson|text] [--out FILE]` (spec/cli.md): results on stdout (or
// appended to FILE) as they arrive, progress on stderr. A collector tail with --resume-file gives
// every result exactly once over successive runs, also when one is killed (see
// ../tail/tailOutput.ts), and one run at a time (../tail/resumeLock.ts); a stream and a
// project's live results have no offsets (live results only), so a resume file is refused for
// them.
import { Option, type Command } from '@commander-js/extra-typings';
import { estimateCredits } from '../../core/api/client/estimate';
import { RESUME_OFFSETS } from '../../core/api/schemas/streams';
import { narrowing, readEvents, type TailSource } from '../../core/streams/tailSource';
import { oneLine } from '../../core/text/controls';
import {
  apiFailure,
  baseUrlOption,
  calling,
  connect,
  quietOption,
  type ApiFlags,
} from '../api/connect';
import { maxCreditsOption, spend } from '../api/credits';
import { repeatable, wholeNumber } from '../options';
import { checkOutput } from '../outputCheck';
import { batches } from '../tail/batches';
import { openOutput } from '../tail/outFile';
import { cutBackOutput, readResumeFile, ResumeFileWriter } from '../tail/resumeFile';
import { lockResumeFile } from '../tail/resumeLock';
import { TailOutput, type TailFormat } from '../tail/tailOutput';
import { tailSourceOf, type SourceFlags } from '../tail/tailFlags';
import { toStderr } from '../terminal';

interface TailFlags extends ApiFlags, SourceFlags {
  format: TailFormat;
  out?: string;
  maxCredits?: number;
}

async function tail(flags: TailFlags): Promise<number> {
  const source = tailSourceOf(flags);
  // Locked before it is read: a second tail on the file is refused with nothing sent.
  const release =
    source.kind === 'collector' && flags.resumeFile !== undefined
      ? lockResumeFile(flags.resumeFile)
      : undefined;
  try {
    return await tailOf(source, flags);
  } finally {
    release?.();
  }
}

async function tailOf(source: TailSource, flags: TailFlags): Promise<number> {
  const what = `tailing ${source.kind} ${source.id}`;
  const say = (message: string) => {
    if (!flags.quiet) toStderr(`mmq: ${message}\n`);
  };
  // Read before connecting: a malformed resume file is a usage problem, with nothing sent.
  const resumed =
    source.kind === 'collector' && flags.resumeFile !== undefined
      ? readResumeFile(flags.resumeFile, source.id)
      : undefined;
  // Live reads cost a credit per result (collector reads are free).
  if (source.kind !== 'collector')
    spend(
      what,
      estimateCredits({
        kind: source.kind === 'stream' ? 'streamRead' : 'projectLiveRead',
        ...(source.maxHits === undefined ? {} : { maxHits: source.maxHits }),
      }),
      flags,
    );
  if (flags.out !== undefined)
    checkOutput({
      path: flags.out,
      name: '--out',
      inputs:
        flags.resumeFile === undefined ? [] : [{ path: flags.resumeFile, name: '--resume-file' }],
    });
  const resumeFrom = resumed?.point;
  // A batch a killed run wrote to --out after its last point comes again: cut it away first.
  const cut = flags.out === undefined ? 0 : cutBackOutput(flags.out, resumed);
  if (cut > 0)
    say(
      `cut ${flags.out ?? ''} back by ${cut} bytes: results the last run wrote after its last resume point, which come again`,
    );
  const out = openOutput(flags.out);
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
        say(
          `${what}: reconnecting from ${event.from} (attempt ${event.attempt}): ${oneLine(event.reason)}`,
        );
    },
    out,
  );
  if (source.kind === 'collector' && !resumeFrom)
    output.begin({ offset: source.from, delivered: [] });
  const events = readEvents(client, source, {
    signal: controller.signal,
    point: resumeFrom,
    received: 0,
  });
  if (source.kind === 'collector')
    say(
      resumeFrom
        ? `${what} from where ${flags.resumeFile ?? ''} says the last run stopped`
        : `${what} from ${source.from}`,
    );
  else {
    const narrowed = narrowing(source);
    say(`${what}${narrowed ? ` (${narrowed})` : ''}${source.maxHits ? '' : ' (Ctrl-C ends it)'}`);
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
    out.close();
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
    .description('results of a stream, a collector or a project on stdout as they arrive')
    .option('--stream <id>', 'read this stream (live results only)')
    .option('--collector <id>', 'read this collector (buffered results, resumable)')
    .option(
      '--project <id>',
      "read this project's live results: every new document of its topics (no stream to create)",
    )
    .option(
      '--topic <id>',
      'with --project: documents of this topic (repeat: of any one)',
      repeatable,
    )
    .option(
      '--filter <id>',
      'with --project: documents this filter matches (repeat: every one must)',
      repeatable,
    )
    .addOption(
      new Option(
        '--q <query>',
        'streams and projects: an extra query results must match',
      ).conflicts('collector'),
    )
    .addOption(
      new Option('--max-hits <n>', 'streams and projects: end after N results')
        .argParser(wholeNumber(1))
        .conflicts('collector'),
    )
    .addOption(
      new Option(
        '--from <offset>',
        'where a collector read starts when no resume file says (default: earliest)',
      )
        .choices(RESUME_OFFSETS)
        .conflicts(['stream', 'project']),
    )
    .addOption(
      new Option(
        '--until-end',
        'end after the last buffered result instead of waiting for more',
      ).conflicts(['stream', 'project']),
    )
    .option(
      '--resume-file <file>',
      'collectors: start where this file says and keep it up to date, so that runs give every result exactly once',
    )
    .addOption(
      new Option(
        '--format <format>',
        'ndjson: one result object per line; text: time, source, title, what matched, URL',
      )
        .choices(['ndjson', 'text'] as const)
        .default('ndjson' as const),
    )
    .option('--out <file>', 'append the results to FILE instead of writing them on stdout')
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
