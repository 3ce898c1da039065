// A collector's definition (api.md "Collector definition"): within a list any element matches
// (OR), different filters must all match (AND), and different parameters must all match (AND).
// `projects` and `project_topics` never both; a collector may include one project.
import type { CollectorQuery } from '../../core/api/schemas/streams';
import type { TopicDefinition } from '../../core/api/schemas/projects';
import type { QueryNode } from '../../core/query/ast';
import type { MatchableDocument } from '../../core/query/document';
import { matches } from '../../core/query/matcher';
import { findProject, PROJECTS, topicsOf, type SandboxProject } from '../fixtures/projects';
import { ApiFailure, badParameter, notFound } from '../http/failure';
import { projectMatches, topicMatches } from '../projects/topicMatch';
import { compileRule, type StreamRegistry } from '../streams/registry';

export interface CompiledCollector {
  readonly query: CollectorQuery;
  /** Empty: a paused export target that collects nothing live. */
  readonly empty: boolean;
  /** The ids of the parts of the definition a document matched, for highlighted_data. */
  match(document: MatchableDocument): string[] | null;
}

/** The value, or the failure when there is none. */
function required<T>(value: T | undefined, failure: () => Error): T {
  if (value === undefined) throw failure();
  return value;
}

function findFilter(id: string): TopicDefinition {
  for (const project of PROJECTS) {
    const definition = topicsOf(project).get(id);
    if (definition && project.filterGroups.some((group) => group.topics.includes(definition)))
      return definition;
  }
  throw notFound('filter', id);
}

export function compileCollector(
  query: CollectorQuery,
  streams: StreamRegistry,
): CompiledCollector {
  if (query.projects && query.project_topics) {
    throw badParameter(
      'collector_query',
      '`projects` and `project_topics` must never both be present',
    );
  }
  if ((query.projects?.length ?? 0) > 1)
    throw badParameter('projects', 'a collector may include one project');
  const projects: SandboxProject[] = (query.projects ?? []).map((id) =>
    required(findProject(id), () => notFound('project', id)),
  );
  const streamIds = query.streams ?? [];
  for (const id of streamIds) streams.get(id);
  const queries: { id: string; query: QueryNode | null }[] = (query.queries ?? []).map((entry) => {
    const compiled = compileRule({ rule_id: entry.id, query: entry.query });
    return { id: entry.id, query: compiled.query };
  });
  let topicPart: { project: SandboxProject; topics: TopicDefinition[] } | undefined;
  if (query.project_topics) {
    const project = findProject(query.project_topics.project);
    if (!project) throw notFound('project', query.project_topics.project);
    const definitions = topicsOf(project);
    const topics = query.project_topics.topics.map((id) =>
      required(definitions.get(id), () => notFound('topic', id)),
    );
    if (topics.length === 0) throw badParameter('project_topics.topics', 'name at least one topic');
    topicPart = { project, topics };
  }
  const filters = (query.filters ?? []).map(findFilter);
  const empty =
    projects.length === 0 && streamIds.length === 0 && queries.length === 0 && !topicPart;
  if (empty && filters.length > 0)
    throw new ApiFailure(
      'badParameter',
      'Filters alone define nothing to collect: add a project, stream, project_topics or query',
      [{ key: 'param', value: ['filters'] }],
    );

  return {
    query,
    empty,
    match(document) {
      if (empty) return null;
      const matched: string[] = [];
      if (projects.length > 0) {
        const hit = projects.filter((project) => projectMatches(project, document));
        if (hit.length === 0) return null;
        matched.push(...hit.map((project) => project.id));
      }
      if (streamIds.length > 0) {
        const hit = streamIds.filter(
          (id) =>
            streams.has(id) &&
            streams.get(id).queries.some((rule) => matches(rule.query, document)),
        );
        if (hit.length === 0) return null;
        matched.push(...hit);
      }
      if (queries.length > 0) {
        const hit = queries.filter((entry) => matches(entry.query, document));
        if (hit.length === 0) return null;
        matched.push(...hit.map((entry) => entry.id));
      }
      if (topicPart) {
        const hit = topicPart.topics.filter((definition) => topicMatches(definition, document));
        if (hit.length === 0) return null;
        matched.push(...hit.map((definition) => definition.id));
      }
      if (!filters.every((definition) => topicMatches(definition, document))) return null;
      return matched;
    },
  };
}
