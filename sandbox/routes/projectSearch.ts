// Inside a project: histograms (with topic, filter, channel, panel and dataset selection, the
// topic and channel breakdowns and forecasts), top influencers, and search results (api.md
// "Histogram inside a project", "Top influencers"; gaps.md results); and search results over
// global data. AI summaries are not emulated.
import { GLOBAL_DAYS } from '../../core/api/histogramRules';
import { OPERATIONS } from '../../core/api/operations';
import { INFLUENCER_TYPES, SORT_CRITERIA } from '../../core/api/parameterValues';
import { parseQuery } from '../../core/query/parser';
import { readTopN } from '../analytics/distribution';
import type { AnalyticsDocument } from '../analytics/documentFields';
import { forecast, forecastApplies } from '../analytics/forecast';
import { computeHistogram } from '../analytics/histogram';
import { topInfluencers } from '../analytics/influencers';
import { KeyIdColumn } from '../analytics/keyIds';
import { integer, list, oneOf, text, type QueryParameters } from '../analytics/parameters';
import { topicsOf, type SandboxProject } from '../fixtures/projects';
import { notEmulated, type SomeHandlers } from '../http/handlers';
import { badParameter } from '../http/failure';
import { checkPage, resultsPage } from '../search/resultsPage';
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
  // An empty value (`&topic&filter`, as the service's own request lines write them) selects nothing.
  const given = (name: string) => list(parameters, name).filter((value) => value !== '');
  const members = scopes.select(project, {
    topic: given('topic'),
    filter: given('filter'),
    channel: given('channel'),
    panel: given('panel'),
    dataset: given('dataset'),
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

const SUMMARIES = 'AI summaries are written by the service; the sandbox has no model to write them';

export function projectSearchHandlers({
  context,
  store,
  scopes,
}: SandboxServices): SomeHandlers<
  | 'topInfluencers'
  | 'projectHistogram'
  | 'projectResults'
  | 'globalResults'
  | 'projectSummary'
  | 'globalSummary'
> {
  return {
    topInfluencers: {
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
        context.credits.chargeFor(OPERATIONS.topInfluencers.cost);
        return {
          influencers,
          influencer_type: influencerType.toUpperCase(),
          sort_criteria: criterion.toUpperCase(),
        };
      },
    },
    projectHistogram: {
      handle: ({ params, query: parameters }) => {
        const { project, numbers } = select(params.project, parameters, scopes, store);
        const topics = topicsByDocument(project, scopes);
        const forecastDays = integer(parameters, 'forecast_days');
        if (forecastDays !== undefined && (forecastDays < 1 || forecastDays > 90))
          throw badParameter('forecast_days', `a whole number in [1, 90], not ${forecastDays}`);
        const channelsOf = (document: AnalyticsDocument) =>
          project.channels
            .filter((channel) => (document.host_url ?? document.url ?? '').includes(channel.domain))
            .map((channel) => channel.id);
        const result = computeHistogram(params.type, numbers, parameters, {
          now: context.clock.now(),
          columns: store.columns,
          // Made for this request: a project's topics and channels are its own.
          projectBreakdowns: {
            topic: new KeyIdColumn((number) => topics.get(number) ?? []),
            channel: new KeyIdColumn((number) => channelsOf(store.document(number))),
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
        context.credits.chargeFor(OPERATIONS.projectHistogram.cost);
        return withForecast;
      },
    },
    projectResults: {
      check: ({ query: parameters }) => checkPage(parameters),
      handle: ({ params, query: parameters }, request) => {
        const { project, numbers } = select(params.project, parameters, scopes, store);
        const definitions = topicsOf(project);
        const selected = list(parameters, 'topic').flatMap(
          (id) => definitions.get(id)?.included_queries ?? [],
        );
        const topics = topicsByDocument(project, scopes);
        const byDocument = new Map<AnalyticsDocument, number>(
          numbers.map((number) => [store.document(number), number]),
        );
        const page = resultsPage([...byDocument.keys()], {
          parameters,
          request,
          marked: [
            parseQueryParameter(parameters, false),
            ...selected.map((line) => parseQuery(line).query),
          ],
          profileOf: (document) => topics.get(byDocument.get(document) ?? -1) ?? [],
        });
        context.credits.chargeFor(OPERATIONS.projectResults.cost, page.payload.data.length);
        return page;
      },
    },
    globalResults: {
      check: ({ query: parameters }) => checkPage(parameters),
      handle: ({ query: parameters }, request) => {
        const query = parseQueryParameter(parameters, true);
        const now = context.clock.now();
        const oldest = now - GLOBAL_DAYS * 86_400_000;
        const documents = store.index
          .search(query)
          .map((number) => store.document(number))
          .filter((document) => (document.published ?? now) >= oldest);
        const page = resultsPage(documents, { parameters, request, marked: [query] });
        context.credits.chargeFor(OPERATIONS.globalResults.cost, page.payload.data.length);
        return page;
      },
    },
    projectSummary: notEmulated(SUMMARIES),
    globalSummary: notEmulated(SUMMARIES),
  };
}
