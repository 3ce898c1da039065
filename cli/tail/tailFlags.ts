// What `mmq tail` reads, from its flags, checked before anything is sent: exactly one of a
// stream, a collector and a project; the options each takes (commander refuses the conflicts it
// can express; the rest is here, each a usage problem, exit 2).
import type { RESUME_OFFSETS } from '../../core/api/schemas/streams';
import type { TailSource } from '../../core/streams/tailSource';
import { UsageError } from '../errors';

export interface SourceFlags {
  stream?: string;
  collector?: string;
  project?: string;
  topic?: string[];
  filter?: string[];
  q?: string;
  maxHits?: number;
  from?: (typeof RESUME_OFFSETS)[number];
  untilEnd?: true;
  resumeFile?: string;
}

/** Why a live read takes no resume file, in the words of each. */
const NO_OFFSETS = {
  stream: 'a stream delivers live results only and has no offsets to resume from',
  project: "a project's live results are live only, with no offsets to resume from",
} as const;

export function tailSourceOf(flags: SourceFlags): TailSource {
  const given = (['stream', 'collector', 'project'] as const).filter(
    (kind) => flags[kind] !== undefined,
  );
  if (given.length === 0) throw new UsageError('give --stream ID, --collector ID or --project ID');
  if (given.length > 1)
    throw new UsageError(`give one of --stream, --collector and --project, not ${given.length}`);
  if ((flags.topic ?? flags.filter) !== undefined && flags.project === undefined)
    throw new UsageError(`--${flags.topic ? 'topic' : 'filter'} goes with --project`);
  const options = {
    ...(flags.q === undefined ? {} : { q: flags.q }),
    ...(flags.maxHits === undefined ? {} : { maxHits: flags.maxHits }),
  };
  if (flags.collector !== undefined)
    return {
      kind: 'collector',
      id: flags.collector,
      from: flags.from ?? 'earliest',
      endBehaviour: flags.untilEnd ? 'stop' : 'wait',
    };
  const kind = flags.stream !== undefined ? 'stream' : 'project';
  if (flags.resumeFile !== undefined)
    throw new UsageError(`--resume-file is for collectors: ${NO_OFFSETS[kind]}`);
  if (flags.stream !== undefined) return { kind: 'stream', id: flags.stream, ...options };
  const scope = {
    ...(flags.topic ? { topic: flags.topic } : {}),
    ...(flags.filter ? { filter: flags.filter } : {}),
  };
  return {
    kind: 'project',
    id: flags.project ?? '',
    ...(Object.keys(scope).length > 0 ? { scope } : {}),
    ...options,
  };
}
