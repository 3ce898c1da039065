// Inside a project: histograms (with topic, filter, channel, panel and dataset selection, the
// topic and channel breakdowns and forecasts), top influencers, and topic results (api.md
// "Histogram inside a project", "Top influencers"; gaps.md results).
import { CREDIT_COSTS, DEFAULT_RESULTS_PER_PAGE } from '../../core/api/costs';
import { HITS_PER_PAGE_MAX, RESULT_WINDOW } from '../../core/api/histogramRules';
import {
  HistogramResponse,
  INFLUENCER_TYPES,
  SORT_CRITERIA,
  TopInfluencersResponse,
} from '../../core/api/schemas/histogram';
import { ResultsResponse, SORT_BY } from '../../core/api/schemas/projects';
import { highlight } from '../../core/query/matcher';
import { parseQuery } from '../../core/query/parser';
import { readTopN } from '../analytics/distribution';
import { BREAKDOWN_VALUES, type AnalyticsDocument } from '../analytics/documentFields';
import { forecast, forecastApplies } from '../analytics/forecast';
import { computeHistogram } from '../analytics/histogram';
import { topInfluencers } from '../analytics/influencers';
import { integer, list, oneOf, text, type QueryParameters } from '../analytics/parameters';
import { topicsOf, type SandboxProject } from '../fixtures/projects';
import { answer, type Endpoint } from '../http/endpoint';
import { badParameter } from '../http/failure';
import type { ProjectScopes } from '../projects/scope';
import type { SandboxServices } from '../services';
import type { DocumentStore } from '../store';
import { parseQueryParameter } from './histograms';

interface Selected {
  readonly project: SandboxProject;
  readonly numbers: number[];
}

function select(
  projectId: string,
  parameters: QueryParameters,
  scopes: ProjectScopes,
  store: DocumentStore,
): Selected {
  const project = scopes.project(projectId);
  const members = scopes.select(project, {
    topic: list(parameters, 'topic'),
    filter: list(parameters, 'filter'),
    channel: list(parameters, 'channel'),
    panel: list(parameters, 'panel'),
    dataset: list(parameters, 'dataset'),
  });
  const query = parseQueryParameter(parameters, false);
  const numbers = query
    ? store.index.search(query).filter((number) => members.has(number))
    : [...members].sort((a, b) => a - b);
  return { project, numbers };
}

/** The topics of the project each document is in, for breakdowns and matched_topics. */
function topicsByDocument(project: SandboxProject, scopes: ProjectScopes): Map<number, string[]> {
  const result = new Map<number, string[]>();
  for (const definition of project.topicGroups.flatMap((group) => group.topics)) {
    for (const number of scopes.topicMembers(definition))
      result.set(number, [...(result.get(number) ?? []), definition.id]);
  }
  return result;
}

export function projectSearchEndpoints({ context, store, scopes }: SandboxServices): Endpoint[] {
  return [
    answer(TopInfluencersResponse, 'result_top_influencers').endpoint({
      method: 'GET',
      path: '/api/v1/search/p/:project/histogram/top_influencers',
      access: 'read',
      limit: 'projectHistogram',
      handle: ({ params, query: parameters }) => {
        const { project, numbers } = select(params.project, parameters, scopes, store);
        const topics = topicsByDocument(project, scopes);
        const influencerType = oneOf(parameters, 'influencer_type', INFLUENCER_TYPES) ?? 'author';
        const criterion = oneOf(parameters, 'sort_criteria', SORT_CRITERIA) ?? 'total';
        const influencers = topInfluencers(
          numbers.map((number) => ({
            document: store.document(number),
            topics: topics.get(number) ?? [],
          })),
          influencerType,
          criterion,
          readTopN(text(parameters, 'top_n')),
        );
        context.credits.charge(CREDIT_COSTS.histogramCall);
        return {
          influencers,
          influencer_type: influencerType.toUpperCase(),
          sort_criteria: criterion.toUpperCase(),
        };
      },
    }),
    answer(HistogramResponse, 'result_histogram').endpoint({
      method: 'GET',
      path: '/api/v1/search/p/:project/histogram/:type',
      access: 'read',
      limit: 'projectHistogram',
      handle: ({ params, query: parameters }) => {
        const { project, numbers } = select(params.project, parameters, scopes, store);
        const topics = topicsByDocument(project, scopes);
        const topicOf = new Map<AnalyticsDocument, string[]>(
          numbers.map((number) => [store.document(number), topics.get(number) ?? []]),
        );
        const forecastDays = integer(parameters, 'forecast_days');
        if (forecastDays !== undefined && (forecastDays < 1 || forecastDays > 90))
          throw badParameter('forecast_days', `a whole number in [1, 90], not ${forecastDays}`);
        const channelOf = (document: AnalyticsDocument) =>
          project.channels
            .filter((channel) => (document.host_url ?? document.url ?? '').includes(channel.domain))
            .map((channel) => channel.id);
        const result = computeHistogram(params.type, store.select(numbers), parameters, {
          now: context.clock.now(),
          keyIds: store.keyIds,
          clusterSizes: store.clusterSizes,
          breakdowns: {
            ...BREAKDOWN_VALUES,
            topic: (document) => topicOf.get(document) ?? [],
            channel: channelOf,
          },
        });
        const withForecast = forecastApplies({
          type: params.type,
          interval: text(parameters, 'interval'),
          maxGiven: parameters.max !== undefined,
          projectHasForecasting: project.forecasting,
          forecastDays,
        })
          ? { ...result, forecast: forecast(result, forecastDays ?? 0) }
          : result;
        context.credits.charge(CREDIT_COSTS.histogramCall);
        return withForecast;
      },
    }),
    answer(ResultsResponse, 'result_content').endpoint({
      method: 'GET',
      path: '/api/v1/search/p/:project/results',
      access: 'read',
      limit: 'projectResults',
      handle: ({ params, query: parameters }) => {
        const offset = integer(parameters, 'offset') ?? 0;
        const hpp = integer(parameters, 'hpp') ?? DEFAULT_RESULTS_PER_PAGE;
        if (offset < 0) throw badParameter('offset', 'must not be negative');
        if (hpp < 1 || hpp > HITS_PER_PAGE_MAX)
          throw badParameter('hpp', `hits per page run from 1 to ${HITS_PER_PAGE_MAX}`);
        if (offset + hpp > RESULT_WINDOW)
          throw badParameter('offset', `offset + hpp may be at most ${RESULT_WINDOW}`);
        const sortBy = oneOf(parameters, 'sort_by', SORT_BY) ?? 'engagement';
        const order = oneOf(parameters, 'sort_order', ['asc', 'desc'] as const) ?? 'desc';
        const { project, numbers } = select(params.project, parameters, scopes, store);
        const definitions = topicsOf(project);
        const queries = list(parameters, 'topic').flatMap(
          (id) => definitions.get(id)?.included_queries ?? [],
        );
        const direction = order === 'asc' ? 1 : -1;
        const sorted = numbers
          .map((number) => store.document(number))
          .sort(
            (a, b) =>
              direction * ((a[sortBy] ?? 0) - (b[sortBy] ?? 0)) ||
              (a.url ?? '').localeCompare(b.url ?? ''),
          );
        const page = sorted.slice(offset, offset + hpp);
        const q = parseQueryParameter(parameters, false);
        const data = page.map((document) => ({
          data: document,
          highlighted_data: [
            {
              ...highlight([q, ...queries.map((line) => parseQuery(line).query)], document),
              matched: {},
            },
          ],
        }));
        // gaps.md: credits per call and per result.
        context.credits.charge(CREDIT_COSTS.searchCall + CREDIT_COSTS.searchResult * data.length);
        return {
          data,
          pagination: {
            next: offset + hpp < sorted.length ? offset + hpp : null,
            total: sorted.length,
          },
        };
      },
    }),
  ];
}
