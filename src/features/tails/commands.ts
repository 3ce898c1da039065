// Commands of tails: start one on a stream or a collector (its tree item, the `// @stream` lens,
// the palette) or on a project's live results (its Projects view item, the palette), pause,
// resume, stop, show its output. The tails and the start's questions live in dist/live.js
// (src/live/), loaded on the first tail.
import type { TailKind } from '../../../core/streams/tailSource';
import { liveBundle } from '../../shell/bundles';
import type { Ctx } from '../../shell/ctx';
import { withLive } from '../liveCommands';
import type { CommandArea } from '../../shell/commands/table';

export function tailCommands(ctx: Ctx) {
  /** A handler for a tree item (or a request object) of a tail. */
  const onTail = (act: (kind: TailKind, id: string) => unknown) => (argument: unknown) => {
    const target = liveBundle().tailTarget(argument);
    return target ? act(target.kind, target.id) : undefined;
  };
  return {
    'mediaMonitoring.tail.start': (argument?: unknown) =>
      withLive(ctx, 'Tail', (live, services) => live.startTail(services, ctx.tails(), argument)),
    'mediaMonitoring.tail.project': (argument?: unknown) =>
      withLive(ctx, 'Tail project live results', (live, services) =>
        live.startProjectTail(services, ctx.tails(), argument),
      ),
    'mediaMonitoring.tail.pause': onTail((kind, id) => ctx.tails().pause(kind, id)),
    'mediaMonitoring.tail.resume': onTail((kind, id) => ctx.tails().resume(kind, id)),
    'mediaMonitoring.tail.stop': onTail((kind, id) => ctx.tails().stop(kind, id)),
    'mediaMonitoring.tail.showOutput': onTail((kind, id) => ctx.tails().showOutput(kind, id)),
  } satisfies CommandArea;
}
