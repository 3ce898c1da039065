// A collector's definition (api.md "Collectors", "Collector definition"; "States and
// transitions"), checked before it is sent: the collector wizard of the extension shows these
// problems in words, and a definition with any is never sent. The fields and their types are the
// schema's (CollectorQuery); the rules are written here once.
import { counted } from '../plural';
import { SERVICE_ID, SERVICE_ID_RULE, serviceIdProblem } from '../api/ids';
import type { CollectorQuery } from '../api/schemas/streams';

/** What the wizard edits: every list present, possibly empty. */
export interface CollectorDraft {
  readonly streams: readonly string[];
  readonly projects: readonly string[];
  /** Topics of one project; `undefined` when the definition names none. */
  readonly projectTopics:
    { readonly project: string; readonly topics: readonly string[] } | undefined;
  readonly filters: readonly string[];
  readonly queries: readonly { readonly id: string; readonly query: string }[];
}

export const EMPTY_DRAFT: CollectorDraft = {
  streams: [],
  projects: [],
  projectTopics: undefined,
  filters: [],
  queries: [],
};

/** A collector id the wizard accepts: one the service takes (core/api/ids.ts, gaps.md). */
export function collectorIdProblem(id: string): string | undefined {
  if (id === '') return 'Give the collector an id.';
  return SERVICE_ID.test(id)
    ? undefined
    : `An id is ${SERVICE_ID_RULE}: ${serviceIdProblem(id)?.replace(/^.*?; /, '') ?? ''}.`;
}

/** The draft of a definition as the service answered it (`collectors.get`'s `query`). */
export function draftOf(query: CollectorQuery | undefined): CollectorDraft {
  return {
    streams: query?.streams ?? [],
    projects: query?.projects ?? [],
    projectTopics: query?.project_topics,
    filters: query?.filters ?? [],
    queries: query?.queries ?? [],
  };
}

/** The `collector_query` to send: empty lists left out, so that an empty draft is `{}`. */
export function collectorQueryOf(draft: CollectorDraft): CollectorQuery {
  const query: CollectorQuery = {};
  if (draft.projects.length > 0) query.projects = [...draft.projects];
  if (draft.streams.length > 0) query.streams = [...draft.streams];
  if (draft.queries.length > 0)
    query.queries = draft.queries.map(({ id, query: q }) => ({ id, query: q }));
  if (draft.projectTopics)
    query.project_topics = {
      project: draft.projectTopics.project,
      topics: [...draft.projectTopics.topics],
    };
  if (draft.filters.length > 0) query.filters = [...draft.filters];
  return query;
}

/** Whether the draft names anything to collect (a project, stream, project topics or query). */
export function hasSource(draft: CollectorDraft): boolean {
  return (
    draft.projects.length > 0 ||
    draft.streams.length > 0 ||
    draft.queries.length > 0 ||
    draft.projectTopics !== undefined
  );
}

const duplicates = (values: readonly string[]) => [
  ...new Set(values.filter((value, index) => values.indexOf(value) !== index)),
];

/**
 * What is wrong with a definition, in words; empty when it can be sent. `active`: the collector
 * is to collect (a new one with sources, or an existing one being edited); an empty definition
 * is only right for a new collector meant as an export target, which the service creates PAUSED.
 */
export function definitionProblems(draft: CollectorDraft, active: boolean): string[] {
  const problems: string[] = [];
  if (draft.projects.length > 0 && draft.projectTopics)
    problems.push(
      `A collector takes either a whole project or topics of a project, never both: remove project ${draft.projects.join(', ')} or the topics of ${draft.projectTopics.project}.`,
    );
  if (draft.projects.length > 1)
    problems.push(
      `A collector may include one project; this one names ${draft.projects.length} (${draft.projects.join(', ')}).`,
    );
  if (draft.projectTopics && draft.projectTopics.topics.length === 0)
    problems.push(`Topics of project ${draft.projectTopics.project}: name at least one topic.`);
  if (!hasSource(draft)) {
    if (draft.filters.length > 0)
      problems.push(
        'Filters alone define nothing to collect: add a project, project topics, a stream or a query.',
      );
    else if (active)
      problems.push(
        'An active collector needs at least one source: a project, project topics, a stream or a query.',
      );
  }
  const queryIds = draft.queries.map((entry) => entry.id);
  for (const id of duplicates(queryIds))
    problems.push(`Two queries have the id ${id}: ids differ.`);
  for (const entry of draft.queries)
    if (entry.id === '' || entry.query.trim() === '')
      problems.push(`Every query needs an id and a query text${entry.id ? ` (${entry.id})` : ''}.`);
    else if (!SERVICE_ID.test(entry.id))
      problems.push(`The query id ${serviceIdProblem(entry.id)}.`);
  for (const id of duplicates(draft.streams)) problems.push(`Stream ${id} is named twice.`);
  return problems;
}

/** `2 streams, project topics of acme (3), 1 query`: a definition in a line. */
export function describeDraft(draft: CollectorDraft): string {
  const parts: string[] = [];
  if (draft.projects.length > 0) parts.push(`project ${draft.projects.join(', ')}`);
  if (draft.projectTopics)
    parts.push(
      `${counted(draft.projectTopics.topics.length, 'topic')} of ${draft.projectTopics.project}`,
    );
  if (draft.filters.length > 0) parts.push(counted(draft.filters.length, 'filter'));
  if (draft.streams.length > 0) parts.push(counted(draft.streams.length, 'stream'));
  if (draft.queries.length > 0) parts.push(counted(draft.queries.length, 'query', 'queries'));
  return parts.length > 0 ? parts.join(', ') : 'no sources';
}
