// `mmq stream push FILE [--stream ID]`, `mmq stream delete ID`, `mmq stream list` (spec/cli.md):
// streams from scripts. A push lints the file first; errors stop it (exit 1, reported as
// `mmq lint` reports them), so the service never sees a rule the editor would mark.
import type { Command } from '@commander-js/extra-typings';
import { parseFile } from '../../core/query/file';
import { pushSourceOf, streamPushOf } from '../../core/streams/streamPush';
import { baseUrlOption, calling, connect, quietOption, type ApiFlags } from '../api/connect';
import { UsageError } from '../errors';
import { readInputs } from '../io';
import { lintInput, textReport } from './lint';
import { jsonLine, toStderr, toStdout } from '../terminal';

async function push(file: string, flags: ApiFlags & { stream?: string }): Promise<number> {
  const [input] = await readInputs([file]);
  if (!input) throw new UsageError(`${file}: nothing to read`);
  const name = input.path ?? 'stdin.mmq';
  const records = lintInput(input);
  if (records.some((record) => record.severity === 'error')) {
    toStderr(textReport(records, 1));
    toStderr(`mmq stream push: ${input.name} has errors: nothing was pushed\n`);
    return 1;
  }
  const plan = streamPushOf(pushSourceOf(parseFile(input.text, name)), flags.stream);
  if (!plan.ok) throw new UsageError(`${input.name}: ${plan.problem}`);
  const client = connect(flags);
  const answer = await calling(`pushing stream ${plan.stream}`, () =>
    client.streams.define(plan.stream, plan.rules),
  );
  if (!flags.quiet)
    toStderr(
      `mmq: stream ${plan.stream} now has ${plan.rules.length} rule${plan.rules.length === 1 ? '' : 's'} from ${input.name}\n`,
    );
  toStdout(jsonLine(answer.result_stream));
  return 0;
}

async function remove(id: string, flags: ApiFlags): Promise<number> {
  const client = connect(flags);
  const answer = await calling(`deleting stream ${id}`, () => client.streams.delete(id));
  if (!flags.quiet) toStderr(`mmq: stream ${id} deleted\n`);
  toStdout(jsonLine(answer.result_stream));
  return 0;
}

async function list(flags: ApiFlags): Promise<number> {
  const client = connect(flags);
  const answer = await calling('listing streams', () => client.streams.info());
  toStdout(jsonLine(answer.result_stream));
  return 0;
}

export function registerStream(program: Command): void {
  const stream = program.command('stream').description('push, delete and list streams');
  stream
    .command('push')
    .description("the file's rules become the stream's rules; lint errors stop it (exit 1)")
    .argument('<file>', 'a .mmq file, or - for stdin')
    .option('--stream <id>', "the stream (default: the file's // @stream)")
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (file, flags) => {
      process.exitCode = await push(file, flags);
    });
  stream
    .command('delete')
    .description('delete a stream')
    .argument('<id>', 'the stream')
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (id, flags) => {
      process.exitCode = await remove(id, flags);
    });
  stream
    .command('list')
    .description('the streams and whether each is enabled')
    .addOption(baseUrlOption())
    .addOption(quietOption())
    .action(async (flags) => {
      process.exitCode = await list(flags);
    });
}
