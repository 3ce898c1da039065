// A collector's definition, under either of its names (gaps.md): `collector_query` in the
// service's published answers, `query` in api.md. No zod here: the extension's main bundle reads
// it without loading the schemas.
import type { CollectorQueryAnswer, CollectorStatus } from './schemas/streams';

export function definitionOf(collector: CollectorStatus): CollectorQueryAnswer | undefined {
  return collector.collector_query ?? collector.query;
}
