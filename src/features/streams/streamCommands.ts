// Commands of streams: push a .mmq file's rules as a stream (pushStream.ts, in
// dist/streams.js), delete one, and open its rules as the service holds them (the Streams view).
import type { Ctx } from '../../shell/ctx';
import type { LanguagePort, StreamsPort } from '../../shell/ports';
import { reloadViews, type ReloadableView } from '../../shell/views/reloadViews';
import { pushedKey } from './pushedKey';
import type { StreamsNode } from './streamsModel';
import type { CommandArea } from '../../shell/commands/table';
import { streamsBundle } from './streamsBundle';

export function streamCommands(
  ctx: Ctx,
  language: LanguagePort,
  streams: StreamsPort,
  view: ReloadableView,
) {
  const { runner, questions } = ctx;
  const state = ctx.extension.workspaceState;

  return {
    'mediaMonitoring.streams.refresh': () => reloadViews(ctx, 'Streams and collectors', [view]),
    'mediaMonitoring.stream.push': (argument?: unknown) =>
      streamsBundle().pushStream(
        {
          runner,
          questions,
          workspaceState: state,
          rulesOf: (document) => language.rulesOf(document),
          refreshStreams: () => streams.refresh(),
          client: () => ctx.connection.client(),
          log: ctx.log,
        },
        argument,
      ),
    'mediaMonitoring.streamRule.open': (node: StreamsNode) =>
      runner.guard('Open the stream’s rules', async () => {
        if (node.kind === 'serviceRule')
          await streamsBundle().openServiceRules(ctx.documents, node);
      }),
    'mediaMonitoring.stream.delete': async (node: StreamsNode) => {
      if (node.kind !== 'stream') return;
      const choice = await questions.ask(
        `Delete stream "${node.id}"?`,
        'Its rules are deleted; readers of it are disconnected. Your .mmq files stay as they are.',
        'Delete',
      );
      if (choice !== 'Delete') return;
      await runner.call({ title: `Delete stream ${node.id}` }, async (call) => {
        await call.client.streams.delete(node.id, { signal: call.signal });
        await state.update(pushedKey(node.id), undefined);
        streams.refresh();
        runner.done(`Stream ${node.id} deleted`);
      });
    },
  } satisfies CommandArea;
}
