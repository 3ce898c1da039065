// Commands of tails: start one on a stream or a collector (its tree item, the `// @stream` lens,
// the palette) or on a project's live results (its Projects view item, the palette), pause,
// resume, stop, show its output. The tails and the start's questions live in dist/tails.js,
// loaded on the first tail.
import type { TailKind } from '../../../core/streams/tailSource';
import type { CommandArea } from '../../shell/commands/table';
import type { Tails } from './tails';
import type { tailsBundle } from './tailsBundle';
import type { TailServices } from './tailServices';

export function tailCommands(
  services: TailServices,
  tails: () => Tails,
  bundle: typeof tailsBundle,
) {
  const { runner } = services;
  /** A handler for a tree item (or a request object) of a tail. */
  const onTail = (act: (kind: TailKind, id: string) => unknown) => (argument: unknown) => {
    const target = bundle().tailTarget(argument);
    return target ? act(target.kind, target.id) : undefined;
  };
  return {
    'mediaMonitoring.tail.start': (argument?: unknown) =>
      runner.guard('Tail', () => bundle().startTail(services, tails(), argument)),
    'mediaMonitoring.tail.project': (argument?: unknown) =>
      runner.guard('Tail project live results', () =>
        bundle().startProjectTail(services, tails(), argument),
      ),
    'mediaMonitoring.tail.pause': onTail((kind, id) => tails().pause(kind, id)),
    'mediaMonitoring.tail.resume': onTail((kind, id) => tails().resume(kind, id)),
    'mediaMonitoring.tail.stop': onTail((kind, id) => tails().stop(kind, id)),
    'mediaMonitoring.tail.showOutput': onTail((kind, id) => tails().showOutput(kind, id)),
  } satisfies CommandArea;
}
