// What the Streams & collectors view shows, without VS Code: the token's streams and its
// collectors with their states, from one `stream/info` call (20 a minute), kept until a refresh;
// under a stream, the rules the service holds (one `GET /api/v3/stream/s/<id>` when it is first
// opened, kept until a refresh) beside the workspace's files that name it.
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { ServiceRules } from './streamChildren';
import type { StreamsNode } from '../../shell/views/treeNodes';
import type { RuleSource } from './streamRules';

export type { StreamsNode } from '../../shell/views/treeNodes';

type Info = Awaited<ReturnType<MediaMonitoringClient['streams']['info']>>['result_stream'];

/** What a stream's children are made of (streamChildren.ts, which comes with the client's bundle). */
export type StreamParts = Pick<
  typeof import('./streamChildren'),
  'serviceRulesOf' | 'streamChildren'
>;

export class StreamsModel {
  private info: Promise<Info> | undefined;
  private readonly definitions = new Map<string, Promise<ServiceRules>>();

  constructor(
    private readonly client: () => Promise<MediaMonitoringClient>,
    /** Loaded when a stream is first opened: dist/extension.js need not hold them. */
    private readonly parts: () => StreamParts,
    /** The rules of a stream as the workspace's files define them. */
    private readonly rulesOf: (streamId: string) => Promise<readonly RuleSource[]> = () =>
      Promise.resolve([]),
  ) {}

  refresh(): void {
    this.info = undefined;
    this.definitions.clear();
  }

  async children(node?: StreamsNode, signal?: AbortSignal): Promise<StreamsNode[]> {
    if (node?.kind === 'stream') {
      const [service, local] = await Promise.all([
        this.serviceRules(node.id, signal),
        this.rulesOf(node.id),
      ]);
      return this.parts().streamChildren(node.id, service, local);
    }
    if (node?.kind === 'localFile') return [...node.rules];
    const info = await this.load(signal);
    const streams = info.streams ?? [];
    const collectors = info.collectors ?? [];
    if (!node)
      return [
        { kind: 'streams', count: streams.length },
        { kind: 'collectors', count: collectors.length },
      ];
    if (node.kind === 'streams')
      return streams.length > 0
        ? streams.map((stream) => ({
            kind: 'stream',
            id: stream.stream_id,
            // The service says so when it says nothing: a stream it lists runs.
            enabled: stream.enabled ?? true,
          }))
        : [{ kind: 'empty', text: 'No streams' }];
    if (node.kind === 'collectors')
      return collectors.length > 0
        ? collectors.map((collector) => ({
            kind: 'collector',
            id: collector.collector_id,
            state: collector.state,
          }))
        : [{ kind: 'empty', text: 'No collectors' }];
    return [];
  }

  /** The stream's rules on the service, fetched when it is first opened, kept until a refresh. */
  private serviceRules(id: string, signal?: AbortSignal): Promise<ServiceRules> {
    const known = this.definitions.get(id);
    if (known) return known;
    const loading = this.client().then((client) => this.parts().serviceRulesOf(client, id, signal));
    this.definitions.set(id, loading);
    // A failure is not kept: the next opening asks again.
    loading.catch(() => {
      if (this.definitions.get(id) === loading) this.definitions.delete(id);
    });
    return loading;
  }

  private load(signal?: AbortSignal): Promise<Info> {
    this.info ??= this.client()
      .then((client) => client.streams.info(signal ? { signal } : {}))
      .then((answer) => answer.result_stream);
    this.info.catch(() => (this.info = undefined));
    return this.info;
  }
}
