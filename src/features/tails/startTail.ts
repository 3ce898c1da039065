// Starting a tail of a stream or a collector from a command (a project's: startProjectTail.ts):
// which one (a tree node, a request object from a lens or a script, or picked), an extra query
// and a number of results for a stream (liveLimits.ts), and where a collector's tail starts when
// it has no kept point (launchTail.ts starts it). In dist/live.js.
import * as vscode from 'vscode';
import type { TailSource } from '../../../core/streams/tailSession';
import type { CommandRunner } from '../../shell/commands/runner';
import type { StreamsNode } from '../../shell/views/treeNodes';
import { launchTail } from './launchTail';
import { askLiveLimits, type LiveLimits } from './liveLimits';
import type { TailServices } from './tailServices';
import type { Tails } from './tails';

type Kind = 'stream' | 'collector';

/** What `mediaMonitoring.tail.start` accepts from a script or a test, besides a tree node. */
interface TailRequest {
  readonly kind: Kind;
  readonly id: string;
  readonly q?: string;
  readonly maxHits?: number;
  readonly from?: 'earliest' | 'latest';
  /** Collectors: `stop` ends the tail after the last buffered result; `wait` (default) goes on. */
  readonly endBehaviour?: 'stop' | 'wait';
  /** A folder for the NDJSON record; `false` for none; absent: the setting. */
  readonly recordFolder?: string | false;
}

function requestOf(argument: unknown): TailRequest | undefined {
  if (typeof argument !== 'object' || argument === null) return undefined;
  const { kind, id } = argument as { kind?: unknown; id?: unknown };
  if ((kind !== 'stream' && kind !== 'collector') || typeof id !== 'string' || id === '')
    return undefined;
  const request = argument as Partial<TailRequest>;
  return {
    kind,
    id,
    ...(typeof request.q === 'string' && request.q.trim() ? { q: request.q.trim() } : {}),
    ...(Number.isSafeInteger(request.maxHits) && (request.maxHits ?? 0) > 0
      ? { maxHits: request.maxHits }
      : {}),
    ...(request.from === 'earliest' || request.from === 'latest' ? { from: request.from } : {}),
    ...(request.endBehaviour === 'stop' || request.endBehaviour === 'wait'
      ? { endBehaviour: request.endBehaviour }
      : {}),
    ...(typeof request.recordFolder === 'string' || request.recordFolder === false
      ? { recordFolder: request.recordFolder }
      : {}),
  };
}

/**
 * Whether a stream's tail asks for an extra query and a number of results: started by a user (the
 * palette, the view's item, the lens: nothing but the stream), not by a request that says any of
 * its options (a script's, a test's), which is taken as it is.
 */
const asksLimits = (request: TailRequest | undefined) =>
  request === undefined ||
  (request.q === undefined && request.maxHits === undefined && request.recordFolder === undefined);

/** A node of the Streams view, a request object, or nothing (then the user picks). */
function targetOf(argument: unknown): { kind: Kind; id: string } | undefined {
  const node = argument as StreamsNode | undefined;
  if (node && (node.kind === 'stream' || node.kind === 'collector'))
    return { kind: node.kind, id: node.id };
  return requestOf(argument);
}

/** Picks a stream or collector of the service. */
const pickSource = async (
  runner: CommandRunner,
): Promise<{ kind: Kind; id: string } | undefined> => {
  const info = await runner.call({ title: 'List streams and collectors' }, ({ client, signal }) =>
    client.streams.info({ signal }),
  );
  if (!info) return undefined;
  const items = [
    ...(info.result_stream.streams ?? []).map((stream) => ({
      label: `$(radio-tower) ${stream.stream_id}`,
      description: `stream${stream.enabled ? '' : ' (disabled)'}`,
      source: { kind: 'stream' as const, id: stream.stream_id },
    })),
    ...(info.result_stream.collectors ?? []).map((collector) => ({
      label: `$(inbox) ${collector.collector_id}`,
      description: `collector · ${collector.state.toLowerCase()}`,
      source: { kind: 'collector' as const, id: collector.collector_id },
    })),
  ];
  if (items.length === 0) {
    void vscode.window.showInformationMessage(
      'Media Monitoring: there is no stream or collector to tail. Push a .mmq file as a stream first.',
    );
    return undefined;
  }
  return (await vscode.window.showQuickPick(items, { title: 'Tail which stream or collector?' }))
    ?.source;
};

export async function startTail(s: TailServices, tails: Tails, argument?: unknown): Promise<void> {
  const fromPalette = argument === undefined;
  const target = targetOf(argument) ?? (fromPalette ? await pickSource(s.runner) : undefined);
  if (!target) return;
  const request = requestOf(argument);

  let source: TailSource;
  if (target.kind === 'stream') {
    let limits: LiveLimits | undefined = {
      ...(request?.q ? { q: request.q } : {}),
      ...(request?.maxHits ? { maxHits: request.maxHits } : {}),
    };
    if (asksLimits(request))
      limits = await askLiveLimits(
        s,
        `Tail stream ${target.id}`,
        "A query its results must also match, ANDed with the stream's rules (optional: Enter for none). Each result costs a credit, so narrowing costs less.",
      );
    if (!limits) return;
    source = { kind: 'stream', id: target.id, ...limits };
    // A stream's results cost a credit each, for as long as the tail runs: asked first against
    // a service (the command runner's question; the sandbox's credits are not real).
    const approved = await s.runner.approve(`Tail stream ${target.id}`, {
      kind: 'streamRead',
      ...(limits.maxHits ? { maxHits: limits.maxHits } : {}),
    });
    if (!approved) return;
  } else {
    // A collector's tail continues from its kept point when there is one: nothing repeated.
    let from = request?.from;
    let endBehaviour = request?.endBehaviour;
    if (!from && !tails.hasPoint(target.id)) {
      const picked = await vscode.window.showQuickPick(
        [
          {
            label: 'From the start of its buffer',
            detail: 'resume_offset=earliest: what it holds, then new results as they come',
            from: 'earliest' as const,
            endBehaviour: 'wait' as const,
          },
          {
            label: 'From the start of its buffer to its end',
            detail: 'resume_offset=earliest, end_behaviour=stop: what it holds, then the tail ends',
            from: 'earliest' as const,
            endBehaviour: 'stop' as const,
          },
          {
            label: 'Only new results',
            detail: 'resume_offset=latest',
            from: 'latest' as const,
            endBehaviour: 'wait' as const,
          },
        ],
        { title: `Tail collector ${target.id}` },
      );
      if (!picked) return;
      from = picked.from;
      endBehaviour ??= picked.endBehaviour;
    }
    source = {
      kind: 'collector',
      id: target.id,
      from: from ?? 'earliest',
      ...(endBehaviour ? { endBehaviour } : {}),
    };
  }
  await launchTail(tails, source, request?.recordFolder);
}
