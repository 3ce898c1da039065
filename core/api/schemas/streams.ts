// Streams, collectors and their chunked results (api.md "Streams", "Collectors"; gaps.md
// "Streams and collectors", "What the service's published answers show").
import * as z from 'zod/mini';
import { envelope, ErrorEnvelope } from './envelope';
import { ResultDocument } from './document';
import { list, maybe } from './lenient';

/** A rule as the service answers it. */
export const StreamRule = z.object({ rule_id: z.string(), query: z.string() });
export type StreamRule = z.infer<typeof StreamRule>;

/** A rule as a client sends it (its id must be one the service takes: ids.ts, code 5). */
export const NewStreamRule = z.object({
  rule_id: z.string().check(z.minLength(1)),
  query: z.string().check(z.minLength(1)),
});
export const StreamDefinitionRequest = z.object({
  rules: z.array(NewStreamRule).check(z.minLength(1)),
});
export type StreamDefinitionRequest = z.infer<typeof StreamDefinitionRequest>;

export const StreamDefinition = z.object({
  stream_id: z.string(),
  enabled: maybe(z.boolean()),
  rules: list(StreamRule),
});
export type StreamDefinition = z.infer<typeof StreamDefinition>;
export const StreamDefinitionResponse = envelope(
  'result_stream',
  z.object({ data: list(StreamDefinition) }),
);
export type StreamDefinitionResponse = z.infer<typeof StreamDefinitionResponse>;

export const COLLECTOR_STATES = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'ERROR',
  'NO_CREDITS',
  'UNKNOWN',
] as const;
export type CollectorState = (typeof COLLECTOR_STATES)[number];

/** A state this client does not know reads as UNKNOWN. */
const State = z.catch(z.enum(COLLECTOR_STATES), 'UNKNOWN' as const);

const CollectorQueryShape = {
  projects: z.optional(z.array(z.string())),
  streams: z.optional(z.array(z.string())),
  queries: z.optional(
    z.array(
      z.object({
        id: z.string().check(z.minLength(1)),
        query: z.string().check(z.minLength(1)),
      }),
    ),
  ),
  project_topics: z.optional(z.object({ project: z.string(), topics: z.array(z.string()) })),
  filters: z.optional(z.array(z.string())),
};

/** A collector's definition as a client sends it. */
export const CollectorQuery = z.strictObject(CollectorQueryShape);
export type CollectorQuery = z.infer<typeof CollectorQuery>;

/** A definition as the service answers it: the same fields, read leniently. */
export const CollectorQueryAnswer = z.object({
  projects: maybe(z.array(z.string())),
  streams: maybe(z.array(z.string())),
  queries: maybe(z.array(z.object({ id: z.string(), query: z.string() }))),
  project_topics: maybe(z.object({ project: z.string(), topics: list(z.string()) })),
  filters: maybe(z.array(z.string())),
});
export type CollectorQueryAnswer = z.infer<typeof CollectorQueryAnswer>;

export const CollectorRequest = z.strictObject({ collector_query: z.optional(CollectorQuery) });

/** A collector's PUT body: no body at all is an empty definition (a paused export target). */
export const CollectorPutBody = z.pipe(
  z.optional(CollectorRequest),
  z.transform((body: z.output<typeof CollectorRequest> | undefined) => body ?? {}),
);

/**
 * A collector and its state. Its definition comes as `collector_query` (the service's published
 * answers) or `query` (api.md); the sandbox sends both, a client reads either (collectors.ts `definitionOf`).
 */
export const CollectorStatus = z.object({
  collector_id: z.string(),
  state: State,
  collector_query: maybe(CollectorQueryAnswer),
  query: maybe(CollectorQueryAnswer),
  /** ISO 8601, when the collector was created. */
  creation_date: maybe(z.string()),
});
export type CollectorStatus = z.infer<typeof CollectorStatus>;

export const StreamInfoResponse = envelope(
  'result_stream',
  z.object({
    streams: maybe(z.array(z.object({ stream_id: z.string(), enabled: maybe(z.boolean()) }))),
    collectors: maybe(z.array(CollectorStatus)),
    data: maybe(z.array(StreamDefinition)),
  }),
);
export type StreamInfoResponse = z.infer<typeof StreamInfoResponse>;

export const CollectorResponse = envelope(
  'result_stream',
  z.object({ collectors: list(CollectorStatus) }),
);
export type CollectorResponse = z.infer<typeof CollectorResponse>;

export const ControlChunk = z.object({
  chunk_type: z.literal('CT_CONTROL'),
  chunk_control: z.looseObject({
    stream: maybe(z.array(z.object({ id: z.string(), status: maybe(z.string()) }))),
    connection_id: maybe(z.string()),
    collector_id: maybe(z.string()),
    resume_offset: maybe(z.string()),
  }),
});
export const ResultChunk = z.object({
  chunk_type: z.literal('CT_RESULT'),
  chunk_result: z.object({ data: ResultDocument }),
});
export const ErrorChunk = z.object({
  chunk_type: z.literal('CT_ERROR'),
  chunk_error: ErrorEnvelope,
});
export const Chunk = z.discriminatedUnion('chunk_type', [ControlChunk, ResultChunk, ErrorChunk]);
export type Chunk = z.infer<typeof Chunk>;
export type ControlChunk = z.infer<typeof ControlChunk>;
export type ResultChunk = z.infer<typeof ResultChunk>;
export type ErrorChunk = z.infer<typeof ErrorChunk>;

/** The body of a POSTed stream or project read: the extra query, for one too long for a URL. */
export const StreamReadRequest = z.object({ q: z.optional(z.string()) });

export { END_BEHAVIOURS, RESUME_OFFSETS } from '../parameterValues';
