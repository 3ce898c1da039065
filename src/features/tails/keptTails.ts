// The tails kept in workspace state, per service: what each reads, where it records, its last
// checkpoint, and whether it was running, paused or stopped. Checked when read back: state written
// by another version of the extension, or damaged, is dropped, never trusted.
import { z } from 'zod';
import { ResumePoint } from '../../../core/api/client/resumePoint';
import type { TailCheckpoint, TailSource } from '../../../core/streams/tailSession';

const Ids = z.array(z.string().min(1));

const Source = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stream'),
    id: z.string().min(1),
    q: z.string().optional(),
    maxHits: z.number().int().positive().optional(),
  }),
  z.object({
    kind: z.literal('collector'),
    id: z.string().min(1),
    from: z.enum(['earliest', 'latest']),
    endBehaviour: z.enum(['stop', 'wait']).optional(),
  }),
  z.object({
    kind: z.literal('project'),
    id: z.string().min(1),
    scope: z
      .object({
        topic: Ids.optional(),
        filter: Ids.optional(),
        panel: Ids.optional(),
        dataset: Ids.optional(),
      })
      .optional(),
    q: z.string().optional(),
    maxHits: z.number().int().positive().optional(),
  }),
]);

const Checkpoint = z.object({
  point: ResumePoint.optional(),
  record: z.object({ part: z.number().int().min(1), size: z.number().int().min(0) }).optional(),
  received: z.number().int().min(0).optional(),
});

const Kept = z.object({
  source: Source,
  state: z.enum(['running', 'paused', 'stopped']),
  recordFolder: z.string().optional(),
  partBytes: z.number().int().positive(),
  checkpoint: Checkpoint.optional(),
});

export interface KeptTail {
  readonly source: TailSource;
  readonly state: 'running' | 'paused' | 'stopped';
  readonly recordFolder?: string;
  readonly partBytes: number;
  readonly checkpoint?: TailCheckpoint;
}

export type KeptTails = Record<string, KeptTail>;

/** The kept tails in `value`, each checked; what does not check is left out. */
export function keptTailsOf(value: unknown): KeptTails {
  if (typeof value !== 'object' || value === null) return {};
  const tails: KeptTails = {};
  for (const [key, tail] of Object.entries(value)) {
    const parsed = Kept.safeParse(tail);
    if (parsed.success) tails[key] = parsed.data;
  }
  return tails;
}
