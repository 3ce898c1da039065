// Streams (api.md "Streams"; gaps.md; the service's published description): define, read one
// definition, list, delete, and read results as chunks (GET, or POST with the extra query in the
// body); and a project's live results, every new document of a project with no stream to define
// (narrowed by topic, filter, panel and dataset like other project calls). A newer connection to
// the same stream ends the older one with code 24.
import { randomUUID } from 'node:crypto';
import type { TopicDefinition } from '../../core/api/schemas/projects';
import { highlight, matches } from '../../core/query/matcher';
import { parseQuery } from '../../core/query/parser';
import type { QueryNode } from '../../core/query/ast';
import { integer, list, type QueryParameters } from '../analytics/parameters';
import { topicsOf, type SandboxProject } from '../fixtures/projects';
import { checkServiceId, badParameter, notFound } from '../http/failure';
import type { SomeHandlers } from '../http/handlers';
import { topicMatches } from '../projects/topicMatch';
import { checkedQuery } from '../search/checkedQuery';
import type { SandboxServices } from '../services';
import { openLiveRead } from '../streams/liveRead';
import { checkRules } from '../streams/registry';
import { parseQueryParameter } from './histograms';

/** `max_hits`: at least 1 when given. */
function maxHitsOf(query: QueryParameters): number | undefined {
  const maxHits = integer(query, 'max_hits');
  if (maxHits !== undefined && maxHits < 1)
    throw badParameter('max_hits', 'a whole number of at least 1');
  return maxHits;
}

/** The extra query: the `q` parameter of a GET, or `q` of a POST's body (a long one). */
function extraQuery(query: QueryParameters, body: { readonly q?: string } | undefined) {
  if (body?.q !== undefined && body.q !== '') return checkedQuery(body.q);
  return parseQueryParameter(query, false);
}

/** Which of a project's documents a live read selects, and the topics each matched. */
function projectSelection(project: SandboxProject, query: QueryParameters) {
  const definitions = topicsOf(project);
  const given = (name: string) => list(query, name).filter((value) => value !== '');
  const lookup = (id: string, kind: string) => {
    const definition = definitions.get(id);
    if (!definition) throw notFound(kind, id);
    return definition;
  };
  const wanted = given('topic').map((id) => lookup(id, 'topic'));
  const filters = given('filter').map((id) => lookup(id, 'filter'));
  for (const id of given('panel'))
    if (!project.panels.some((panel) => panel.id === id)) throw notFound('panel', id);
  for (const id of given('dataset'))
    if (!project.datasets.some((dataset) => dataset.id === id)) throw notFound('dataset', id);
  // Live documents arrive from outside, never into a dataset: a read of datasets selects none.
  const datasetsOnly = given('dataset').length > 0;
  const topics = project.topicGroups.flatMap((group) => group.topics);
  return (document: Parameters<typeof topicMatches>[1]): TopicDefinition[] | null => {
    if (datasetsOnly) return null;
    const matched = topics.filter((definition) => topicMatches(definition, document));
    if (matched.length === 0) return null;
    if (wanted.length > 0 && !wanted.some((definition) => matched.includes(definition)))
      return null;
    if (!filters.every((definition) => topicMatches(definition, document))) return null;
    return matched;
  };
}

export function streamHandlers(
  services: SandboxServices,
): SomeHandlers<
  | 'streamPut'
  | 'streamGet'
  | 'streamDelete'
  | 'streamInfo'
  | 'streamResults'
  | 'streamResultsPost'
  | 'projectLiveResults'
  | 'projectLiveResultsPost'
> {
  const { streams: registry, collectors, scopes } = services;

  /** A stream's read: every arriving document matching a rule (and the extra query). */
  const openStream = (
    id: string,
    query: QueryParameters,
    extra: QueryNode | null,
    reply: Parameters<typeof openLiveRead>[1],
  ) =>
    openLiveRead(services, reply, {
      key: `stream:${id}`,
      streamId: id,
      maxHits: maxHitsOf(query),
      alive: () => registry.has(id),
      select: (document) => {
        const matched = registry.get(id).queries.filter((rule) => matches(rule.query, document));
        if (matched.length === 0 || (extra && !matches(extra, document))) return null;
        return {
          document: { ...document, ...(extra ? highlight([extra], document) : {}) },
          highlights: matched.map((rule) => ({
            ...highlight([rule.query], document),
            matched: { rule_id: rule.ruleId, stream_id: id },
          })),
        };
      },
    });

  /** A project's live read: its documents, each with the topics it matched. */
  const openProject = (
    projectId: string,
    query: QueryParameters,
    extra: QueryNode | null,
    reply: Parameters<typeof openLiveRead>[1],
  ) => {
    const project = scopes.project(projectId);
    const selection = projectSelection(project, query);
    openLiveRead(services, reply, {
      // Reads of a project do not replace each other: each is its own connection.
      key: `project:${projectId}:${randomUUID()}`,
      streamId: '',
      maxHits: maxHitsOf(query),
      alive: () => true,
      select: (document) => {
        const topics = selection(document);
        if (!topics || (extra && !matches(extra, document))) return null;
        // As the service does: the matched words marked in the document's own snippets, and
        // the topics it matched as `matched_profile`; no highlighted_data.
        const marked = topics.flatMap((topic) =>
          topic.included_queries.map((line) => parseQuery(line).query),
        );
        return {
          document: {
            ...document,
            ...highlight([extra, ...marked], document),
            matched_profile: topics.map((topic) => topic.id),
          },
        };
      },
    });
  };

  const checkStreamRead = ({
    params,
    query,
    body,
  }: {
    params: { readonly stream: string };
    query: QueryParameters;
    body?: { readonly q?: string };
  }) => {
    registry.get(params.stream);
    extraQuery(query, body);
    maxHitsOf(query);
  };
  const checkProjectRead = ({
    params,
    query,
    body,
  }: {
    params: { readonly project: string };
    query: QueryParameters;
    body?: { readonly q?: string };
  }) => {
    projectSelection(scopes.project(params.project), query);
    extraQuery(query, body);
    maxHitsOf(query);
  };

  return {
    streamPut: {
      journaled: true,
      bodySize: 'definition',
      invalid: 'invalidStreamOperation',
      check: ({ params, body }) => {
        checkServiceId('stream_id', params.stream);
        checkRules(body.rules);
      },
      handle: ({ params, body }) => {
        const definition = registry.define(params.stream, body.rules);
        return {
          data: [{ stream_id: params.stream, enabled: true, rules: [...definition.rules] }],
        };
      },
    },
    streamGet: {
      handle: ({ params }) => {
        const definition = registry.get(params.stream);
        return {
          data: [{ stream_id: params.stream, enabled: true, rules: [...definition.rules] }],
        };
      },
    },
    streamDelete: {
      journaled: true,
      check: ({ params }) => void registry.get(params.stream),
      handle: ({ params }) => {
        const definition = registry.get(params.stream);
        registry.delete(params.stream);
        // The service answers the definition it deleted.
        return {
          data: [{ stream_id: params.stream, enabled: true, rules: [...definition.rules] }],
        };
      },
    },
    streamInfo: {
      handle: () => ({
        streams: registry.all().map((definition) => ({ stream_id: definition.id, enabled: true })),
        collectors: collectors.states(),
      }),
    },
    streamResults: {
      check: checkStreamRead,
      open: ({ params, query }, reply) =>
        openStream(params.stream, query, extraQuery(query, undefined), reply),
    },
    streamResultsPost: {
      check: checkStreamRead,
      open: ({ params, query, body }, reply) =>
        openStream(params.stream, query, extraQuery(query, body), reply),
    },
    projectLiveResults: {
      check: checkProjectRead,
      open: ({ params, query }, reply) =>
        openProject(params.project, query, extraQuery(query, undefined), reply),
    },
    projectLiveResultsPost: {
      check: checkProjectRead,
      open: ({ params, query, body }, reply) =>
        openProject(params.project, query, extraQuery(query, body), reply),
    },
  };
}
