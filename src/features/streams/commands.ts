// Commands of streams: push a .mmq file's rules as a stream (src/features/streams/pushStream.ts, in
// dist/live.js), delete one, and open its rules as the service holds them (the Streams view).
import { liveBundle } from '../../shell/bundles';
import type { Ctx } from '../../shell/ctx';
import { rulesOf } from '../language/rules';
import { pushedKey } from './pushedKey';
import type { StreamsNode } from './streamsModel';
import type { CommandArea } from '../../shell/commands/table';

export function streamCommands(ctx: Ctx) {
  const { runner, questions, sidebar } = ctx;
  const state = ctx.extension.workspaceState;

  return {
    'mediaMonitoring.stream.push': (argument?: unknown) =>
      liveBundle().pushStream(
        {
          runner,
          questions,
          workspaceState: state,
          rulesOf: (document) => rulesOf(ctx.languageClient, document),
          refreshStreams: () => sidebar.streams.refresh(),
          client: () => ctx.connection.client(),
          log: ctx.log,
        },
        argument,
      ),
    'mediaMonitoring.streamRule.open': (node: StreamsNode) =>
      runner.guard('Open the stream’s rules', async () => {
        if (node.kind === 'serviceRule') await liveBundle().openServiceRules(ctx.documents, node);
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
        sidebar.streams.refresh();
        runner.done(`Stream ${node.id} deleted`);
      });
    },
  } satisfies CommandArea;
}
