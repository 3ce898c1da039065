// Commands of the Streams & Collectors view's collectors: create and edit (the wizard), read to a
// file (those three run in the live bundle), pause, resume, delete, show.
import { definitionOf } from '../../../core/api/collectors';
import type { Ctx } from '../../shell/ctx';
import type { StreamsNode } from '../../shell/views/treeNodes';
import type { CallContext } from '../../shell/commands/runner';
import type { CommandArea } from '../../shell/commands/table';
import type { CreditsPort } from '../../shell/ports';
import type { collectorsBundle } from './collectorsBundle';
import type { CollectorServices } from './collectorServices';

type CollectorNode = Extract<StreamsNode, { kind: 'collector' }>;

export function collectorCommands(
  ctx: Ctx,
  services: CollectorServices,
  credits: CreditsPort,
  bundle: typeof collectorsBundle,
) {
  const { runner } = ctx;
  const withBundle = (
    title: string,
    work: (loaded: ReturnType<typeof bundle>) => Promise<unknown>,
  ) => runner.guard(title, () => work(bundle()));
  /** After an action: the tree and the credits (an active collector spends) may have changed. */
  const acted = (message: string) => {
    services.streams.refresh();
    credits.spent();
    runner.done(message);
  };
  /** A handler for a collector's tree item: `work` runs through the command runner. */
  const onCollector =
    (title: string, work: (node: CollectorNode, call: CallContext) => Promise<void>) =>
    (node: StreamsNode) =>
      node.kind === 'collector'
        ? runner.call({ title: `${title} ${node.id}` }, (call) => work(node, call))
        : undefined;
  return {
    'mediaMonitoring.collector.create': () =>
      withBundle('New collector', (loaded) => loaded.createCollector(services)),
    'mediaMonitoring.collector.edit': (node: StreamsNode) =>
      node.kind === 'collector'
        ? withBundle(`Edit collector ${node.id}`, (loaded) =>
            loaded.editCollector(services, node.id),
          )
        : undefined,
    'mediaMonitoring.collector.readToFile': (node: StreamsNode) =>
      node.kind === 'collector'
        ? withBundle(`Read collector ${node.id} to a file`, (loaded) =>
            loaded.readCollectorToFile(services, node.id),
          )
        : undefined,
    'mediaMonitoring.collector.pause': onCollector('Pause collector', async (node, call) => {
      await call.client.collectors.pause(node.id, { signal: call.signal });
      acted(`Collector ${node.id} paused`);
    }),
    'mediaMonitoring.collector.resume': onCollector('Resume collector', async (node, call) => {
      await call.client.collectors.resume(node.id, { signal: call.signal });
      acted(`Collector ${node.id} resumed`);
    }),
    'mediaMonitoring.collector.delete': async (node: StreamsNode) => {
      if (node.kind !== 'collector') return;
      const choice = await ctx.questions.ask(
        `Delete collector "${node.id}"?`,
        'Everything it buffered is deleted for good.',
        'Delete',
      );
      if (choice !== 'Delete') return;
      await onCollector('Delete collector', async (collector, call) => {
        await call.client.collectors.delete(collector.id, { signal: call.signal });
        // A new collector of the same id is another one: its reads start afresh.
        await services.streams.forgetCollector(collector.id);
        acted(`Collector ${collector.id} deleted`);
      })(node);
    },
    'mediaMonitoring.collector.showDefinition': onCollector(
      'Show collector',
      async (node, call) => {
        const answer = await call.client.collectors.get(node.id, { signal: call.signal });
        const collector = answer.result_stream.collectors[0];
        await ctx.documents.show(
          `/collectors/${node.id}.json`,
          `${JSON.stringify(
            {
              collector_id: node.id,
              state: collector?.state,
              ...(collector?.creation_date ? { creation_date: collector.creation_date } : {}),
              collector_query: (collector && definitionOf(collector)) ?? {},
            },
            null,
            2,
          )}\n`,
        );
      },
    ),
  } satisfies CommandArea;
}
