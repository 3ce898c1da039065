// What a persisted sandbox writes to its journal, one JSON object per line. The journal holds the
// causes of every state change, not the state: replaying them in order against the same seeded
// corpus rebuilds uploads, streams, collectors with their buffers, tasks and credits exactly.
//
// Every line is stamped: `n`, its number (1, 2, 3, … with no gap), and `p`, a digest of the line
// before it (of the data directory's journal id for the first), so that a line deleted, moved or
// changed anywhere but at the very end stops the start instead of being replayed around.
import { z } from 'zod';

const Stamp = {
  n: z.number().int().positive(),
  p: z.string().min(1),
};

/** An accepted write request (upload, stream, collector, task, custom metric, /_sandbox/ control). */
const RequestFields = {
  k: z.literal('request'),
  /** Wall time of the request; the virtual clock's offset is itself rebuilt by the replay. */
  wall: z.number(),
  method: z.enum(['POST', 'PUT', 'DELETE']),
  /** Path and query, without the access token. */
  url: z.string(),
  body: z.unknown().optional(),
};

/** A journaled request whose handler then refused it: the replay skips it. */
const VoidFields = { k: z.literal('void'), of: z.number().int().positive() };

/** A batch of firehose documents, regenerated on replay from the seed. */
const LiveFields = {
  k: z.literal('live'),
  virtual: z.number(),
  count: z.number().int().positive(),
};

/** Export tasks moved: where their results fall among live documents depends on when. */
const TickFields = { k: z.literal('tick'), virtual: z.number() };

/** Credits charged by a call that is not replayed (histograms, searches, stream deliveries). */
const ChargeFields = {
  k: z.literal('charge'),
  virtual: z.number(),
  amount: z.number().int().positive(),
};

/** A record as the recorder writes it; the journal stamps it. */
export const JournalRecord = z.discriminatedUnion('k', [
  z.object(RequestFields),
  z.object(VoidFields),
  z.object(LiveFields),
  z.object(TickFields),
  z.object(ChargeFields),
]);
export type JournalRecord = z.infer<typeof JournalRecord>;
export type RequestRecord = Extract<JournalRecord, { k: 'request' }>;

/** A line of the journal: a record with its number and the digest of the line before. */
export const JournalLine = z.discriminatedUnion('k', [
  z.object({ ...Stamp, ...RequestFields }),
  z.object({ ...Stamp, ...VoidFields }),
  z.object({ ...Stamp, ...LiveFields }),
  z.object({ ...Stamp, ...TickFields }),
  z.object({ ...Stamp, ...ChargeFields }),
]);
export type JournalLine = z.infer<typeof JournalLine>;

/** The format of data directories this sandbox writes; 1 had no stamps and is not read. */
export const FORMAT = 2;

/** What a data directory was created with; a restart must use the same corpus. */
export const DataDirMeta = z.object({
  format: z.literal(FORMAT),
  seed: z.number().int(),
  docs: z.number().int().nonnegative(),
  /** The virtual time the corpus was generated for: its 30 days end here, on every restart. */
  anchor: z.number(),
  created: z.string(),
  /** A random id the journal's first line names: a journal belongs to this directory only. */
  journal: z.string().min(1),
});
export type DataDirMeta = z.infer<typeof DataDirMeta>;
