// Which tail a command means: a tree item of the Streams & Collectors view (a stream, a
// collector), of the Projects view (a project), or a request object from a script or a test
// (`{kind, id}`). Pause, Resume, Stop and Show Output take any of them.
import type { TailKind } from '../../../core/streams/tailSource';
import type { ProjectsNode } from '../../shell/views/treeNodes';
import type { StreamsNode } from '../../shell/views/treeNodes';

export interface TailTarget {
  readonly kind: TailKind;
  readonly id: string;
}

const KINDS: readonly string[] = ['stream', 'collector', 'project'] satisfies TailKind[];

export function tailTarget(argument: unknown): TailTarget | undefined {
  if (typeof argument !== 'object' || argument === null) return undefined;
  const node = argument as Partial<StreamsNode> | Partial<ProjectsNode>;
  // A Projects view node carries its project whole.
  if (node.kind === 'project' && 'project' in node && typeof node.project?.id === 'string')
    return { kind: 'project', id: node.project.id };
  const { kind, id } = argument as { kind?: unknown; id?: unknown };
  if (typeof kind !== 'string' || !KINDS.includes(kind) || typeof id !== 'string' || id === '')
    return undefined;
  return { kind: kind as TailKind, id };
}
