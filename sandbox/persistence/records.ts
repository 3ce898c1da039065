// What a persisted sandbox writes to its journal, one JSON object per line. The journal holds the
// causes of every state change, not the state: replaying them in order against the same seeded
// corpus rebuilds uploads, streams, collectors with their buffers, tasks and credits exactly.
import { z } from 'zod';

/** A write request (upload, stream, collector, task, custom metric, /_sandbox/ control). */
export const RequestRecord = z.object({
  k: z.literal('request'),
  id: z.number().int().nonnegative(),
  /** Wall time of the request; the virtual clock's offset is itself rebuilt by the replay. */
  wall: z.number(),
  method: z.string(),
  /** Path and query, without the access token. */
  url: z.string(),
  body: z.unknown().optional(),
});

/** A journaled request that was answered with an error: the replay skips it. */
export const VoidRecord = z.object({ k: z.literal('void'), id: z.number().int().nonnegative() });

/** A batch of firehose documents, regenerated on replay from the seed. */
export const LiveRecord = z.object({
  k: z.literal('live'),
  virtual: z.number(),
  count: z.number().int().positive(),
});

/** Export tasks moved: where their results fall among live documents depends on when. */
export const TickRecord = z.object({ k: z.literal('tick'), virtual: z.number() });

/** Credits charged by a call that is not replayed (histograms, searches, stream deliveries). */
export const ChargeRecord = z.object({
  k: z.literal('charge'),
  virtual: z.number(),
  amount: z.number().int().positive(),
});

export const JournalRecord = z.discriminatedUnion('k', [
  RequestRecord,
  VoidRecord,
  LiveRecord,
  TickRecord,
  ChargeRecord,
]);
export type JournalRecord = z.infer<typeof JournalRecord>;
export type RequestRecord = z.infer<typeof RequestRecord>;

/** What a data directory was created with; a restart must use the same corpus. */
export const DataDirMeta = z.object({
  format: z.literal(1),
  seed: z.number().int(),
  docs: z.number().int().nonnegative(),
  /** The virtual time the corpus was generated for: its 30 days end here, on every restart. */
  anchor: z.number(),
  created: z.string(),
});
export type DataDirMeta = z.infer<typeof DataDirMeta>;
