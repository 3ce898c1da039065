// `mmq collector (create ID --from-json FILE | get ID | pause ID | resume ID | delete ID | list)`
// (spec/cli.md): collectors from scripts, each answer as one JSON object on stdout,
// `{"collectors": [...]}` as the API gives it. A definition is checked before it is sent.
import type { Command } from '@commander-js/extra-typings';
import { estimateCredits } from '../../core/api/client/estimate';
import { ApiError } from '../../core/api/client/errors';
import type { MediaMonitoringClient } from '../../core/api/client/client';
import type { CollectorResponse } from '../../core/api/schemas/streams';
import { baseUrlOption, calling, connect, quietOption, type ApiFlags } from '../api/connect';
import { maxCreditsOption, spend, type BudgetFlags } from '../api/credits';
import { collectorDefinitionOf, collectsNothing } from '../collectorDefinition';
import { UsageError } from '../errors';
import { readInputs } from '../io';
import { jsonLine, toStderr, toStdout } from '../terminal';

type Flags = ApiFlags & BudgetFlags;

const say = (flags: Flags, message: string) => {
  if (!flags.quiet) toStderr(`mmq: ${message}\n`);
};

const print = (answer: CollectorResponse) => toStdout(jsonLine(answer.result_stream));

/** Whether the collector exists: a PUT replaces an existing one's definition and keeps its data. */
async function exists(client: MediaMonitoringClient, id: string): Promise<boolean> {
  try {
    await client.collectors.get(id);
    return true;
  } catch (error: unknown) {
    if (error instanceof ApiError && error.reason === 'notFound') return false;
    throw error;
  }
}

async function create(id: string, file: string, flags: Flags): Promise<number> {
  const [input] = await readInputs([file]);
  if (!input) throw new UsageError(`${file}: nothing to read`);
  const definition = collectorDefinitionOf(input.text, input.name);
  if (collectsNothing(definition))
    say(
      flags,
      `collector ${id} collects nothing live: the service makes it PAUSED (an export target)`,
    );
  else spend(`collector ${id}`, estimateCredits({ kind: 'collectorBuffering' }), flags);
  const client = connect(flags);
  const existed = await calling(`looking up collector ${id}`, () => exists(client, id));
  const answer = await calling(`creating collector ${id}`, () =>
    client.collectors.put(id, definition),
  );
  say(
    flags,
    existed
      ? `collector ${id} existed: its definition was replaced, the results it holds were kept`
      : `collector ${id} created`,
  );
  print(answer);
  return 0;
}

type Action = 'get' | 'pause' | 'resume' | 'delete';

const DOING: Record<Action, string> = {
  get: 'getting',
  pause: 'pausing',
  resume: 'resuming',
  delete: 'deleting',
};

async function act(action: Action, id: string, flags: Flags): Promise<number> {
  // Resuming starts buffering again, a credit a document.
  if (action === 'resume')
    spend(`resuming collector ${id}`, estimateCredits({ kind: 'collectorBuffering' }), flags);
  const client = connect(flags);
  const answer = await calling(`${DOING[action]} collector ${id}`, () =>
    client.collectors[action](id),
  );
  print(answer);
  return 0;
}

async function list(flags: Flags): Promise<number> {
  const client = connect(flags);
  const answer = await calling('listing collectors', () => client.streams.info());
  toStdout(jsonLine({ collectors: answer.result_stream.collectors ?? [] }));
  return 0;
}

export function registerCollector(program: Command): void {
  const collector = program
    .command('collector')
    .description('create, show, pause, resume, delete and list collectors');
  collector
    .command('create')
    .description('create a collector, or replace the definition of one (its results are kept)')
    .argument('<id>', 'the collector')
    .requiredOption(
      '--from-json <file>',
      'the definition: {"collector_query": {...}} or the definition alone; - for stdin',
    )
    .addOption(maxCreditsOption())
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (id, flags) => {
      process.exitCode = await create(id, flags.fromJson, flags);
    });
  const actions: [Action, string][] = [
    ['get', 'the state and definition of a collector'],
    ['pause', 'stop buffering live results (the results held are kept)'],
    ['resume', 'buffer live results again (1 credit per result)'],
    ['delete', 'delete a collector and every result it holds, for good'],
  ];
  for (const [action, description] of actions) {
    const command = collector
      .command(action)
      .description(description)
      .argument('<id>', 'the collector');
    if (action === 'resume') command.addOption(maxCreditsOption());
    command
      .addOption(baseUrlOption())
      .addOption(quietOption())
      .action(async (id, flags: Flags) => {
        process.exitCode = await act(action, id, flags);
      });
  }
  collector
    .command('list')
    .description('every collector and its state')
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (flags) => {
      process.exitCode = await list(flags);
    });
}
