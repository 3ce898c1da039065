// A collector definition from a file, checked before it is sent (api.md "Collector definition"):
// its shape, the definition rules the extension's wizard checks too
// (core/streams/collectorDefinition.ts: `projects` and `project_topics` never together, one
// project at most, filters only with something to filter, ...), and each query as the language
// server checks it.
import { analyzeQuery } from '../core/query/analysis';
import { CollectorQuery } from '../core/api/schemas/streams';
import { definitionProblems, draftOf } from '../core/streams/collectorDefinition';
import { UsageError } from './errors';

/** The definition in `text` (the request body `{collector_query: …}` or the definition alone). */
export function collectorDefinitionOf(text: string, name: string): CollectorQuery {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error: unknown) {
    throw new UsageError(
      `${name} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const wrapped =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    'collector_query' in value
      ? value
      : undefined;
  const definition = wrapped ? wrapped.collector_query : value;
  const where = wrapped ? 'collector_query' : '';
  const parsed = CollectorQuery.safeParse(definition);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = [where, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
    throw new UsageError(
      `${name}: ${path || 'the definition'}: ${issue?.message ?? 'invalid'} (a collector definition has projects, streams, queries, project_topics, filters)`,
    );
  }
  const problem = problemOf(parsed.data);
  if (problem) throw new UsageError(`${name}: ${problem}`);
  return parsed.data;
}

/** What api.md's rules say is wrong with a definition, if anything. */
function problemOf(query: CollectorQuery): string | undefined {
  if (query.projects !== undefined && query.project_topics !== undefined)
    return '`projects` and `project_topics` must never both be present';
  // An empty definition is right here: it makes a PAUSED export target.
  const [problem] = definitionProblems(draftOf(query), false);
  if (problem) return problem;
  for (const [index, entry] of (query.queries ?? []).entries()) {
    const error = analyzeQuery(entry.query).find((diagnostic) => diagnostic.severity === 'error');
    if (error) return `queries[${index}] (${entry.id}): ${error.code}: ${error.message}`;
  }
  return undefined;
}

/** Whether the definition collects nothing live: the service makes such a collector PAUSED. */
export function collectsNothing(query: CollectorQuery): boolean {
  return (
    !query.projects?.length &&
    !query.streams?.length &&
    !query.queries?.length &&
    query.project_topics === undefined
  );
}
