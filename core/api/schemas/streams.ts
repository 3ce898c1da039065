// Streams, collectors and their chunked results (api.md "Streams", "Collectors"; gaps.md
// "Streams and collectors").
import { z } from 'zod';
import { envelope, ErrorEnvelope } from './envelope';
import { ResultDocument } from './document';

export const StreamRule = z.object({
  rule_id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'rule_id: 1-128 letters, digits, _, . or -'),
  query: z.string().min(1),
});
export type StreamRule = z.infer<typeof StreamRule>;
export const StreamDefinitionRequest = z.object({ rules: z.array(StreamRule).min(1) });
export type StreamDefinitionRequest = z.infer<typeof StreamDefinitionRequest>;

export const StreamDefinition = z.object({
  stream_id: z.string(),
  rules: z.array(StreamRule).optional(),
});
export const StreamDefinitionResponse = envelope(
  'result_stream',
  z.object({ data: z.array(StreamDefinition) }),
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

export const CollectorQuery = z
  .object({
    projects: z.array(z.string()),
    streams: z.array(z.string()),
    queries: z.array(z.object({ id: z.string(), query: z.string().min(1) })),
    project_topics: z.object({ project: z.string(), topics: z.array(z.string()) }),
    filters: z.array(z.string()),
  })
  .partial()
  .strict();
export type CollectorQuery = z.infer<typeof CollectorQuery>;

export const CollectorRequest = z.object({ collector_query: CollectorQuery.optional() }).strict();

export const CollectorStatus = z.object({
  collector_id: z.string(),
  state: z.enum(COLLECTOR_STATES),
  query: CollectorQuery.optional(),
});
export type CollectorStatus = z.infer<typeof CollectorStatus>;

export const StreamInfoResponse = envelope(
  'result_stream',
  z.object({
    streams: z.array(z.object({ stream_id: z.string(), enabled: z.boolean() })).optional(),
    collectors: z.array(CollectorStatus).optional(),
    data: z.array(StreamDefinition).optional(),
  }),
);
export type StreamInfoResponse = z.infer<typeof StreamInfoResponse>;

export const CollectorResponse = envelope(
  'result_stream',
  z.object({ collectors: z.array(CollectorStatus) }),
);
export type CollectorResponse = z.infer<typeof CollectorResponse>;

export const ControlChunk = z.object({
  chunk_type: z.literal('CT_CONTROL'),
  chunk_control: z
    .object({
      stream: z.array(z.object({ id: z.string(), status: z.string() })).optional(),
      connection_id: z.string().optional(),
      collector_id: z.string().optional(),
      resume_offset: z.string().optional(),
    })
    .loose(),
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

export const RESUME_OFFSETS = ['earliest', 'latest'] as const;
export const END_BEHAVIOURS = ['stop', 'wait'] as const;
