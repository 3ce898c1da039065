// What the Streams & collectors view shows, without VS Code: the token's streams and its
// collectors with their states, from one `stream/info` call (20 a minute), kept until a refresh.
import type { MediaMonitoringClient } from '../../core/api/client/client';
import type { CollectorState } from '../../core/api/schemas/streams';
import type { RuleSource } from './streamRules';

export type StreamsNode =
  | { readonly kind: 'streams' | 'collectors'; readonly count: number }
  | { readonly kind: 'stream'; readonly id: string; readonly enabled: boolean }
  /** A workspace file that names the stream (`// @stream id`), with its rules: local, not read from the service. */
  | {
      readonly kind: 'localFile';
      readonly streamId: string;
      readonly uri: string;
      readonly rules: readonly RuleSource[];
    }
  | { readonly kind: 'rule'; readonly streamId: string; readonly rule: RuleSource }
  | { readonly kind: 'collector'; readonly id: string; readonly state: CollectorState }
  | { readonly kind: 'empty'; readonly text: string };

type Info = Awaited<ReturnType<MediaMonitoringClient['streams']['info']>>['result_stream'];

export class StreamsModel {
  private info: Promise<Info> | undefined;

  constructor(
    private readonly client: () => Promise<MediaMonitoringClient>,
    /** The rules of a stream as the workspace's files define them (the API does not list them). */
    private readonly rulesOf: (streamId: string) => Promise<readonly RuleSource[]> = () =>
      Promise.resolve([]),
  ) {}

  refresh(): void {
    this.info = undefined;
  }

  async children(node?: StreamsNode, signal?: AbortSignal): Promise<StreamsNode[]> {
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
    if (node.kind === 'stream') {
      // The API cannot list a stream's rules: what is shown are the workspace's files that
      // name the stream, one node per file, so that nobody takes them for the service's rules.
      const byFile = new Map<string, RuleSource[]>();
      for (const rule of await this.rulesOf(node.id)) {
        const rules = byFile.get(rule.uri) ?? [];
        rules.push(rule);
        byFile.set(rule.uri, rules);
      }
      return byFile.size > 0
        ? [...byFile].map(([uri, rules]) => ({ kind: 'localFile', streamId: node.id, uri, rules }))
        : [{ kind: 'empty', text: `No local file names it (// @stream ${node.id})` }];
    }
    if (node.kind === 'localFile')
      return node.rules.map((rule) => ({ kind: 'rule', streamId: node.streamId, rule }));
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

  private load(signal?: AbortSignal): Promise<Info> {
    this.info ??= this.client()
      .then((client) => client.streams.info(signal ? { signal } : {}))
      .then((answer) => answer.result_stream);
    this.info.catch(() => (this.info = undefined));
    return this.info;
  }
}
