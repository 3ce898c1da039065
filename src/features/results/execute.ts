// Runs a RunSpec against the API with the typed client, and turns the answer into what the panel
// shows (media/results/protocol.ts's View), keeping the full result documents for "open as JSON". The
// parameters were checked against core/api's rules before (the panel and the commands do); the
// casts below only tell the compiler what those checks established.
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import {
  globalHistogramRequest,
  globalResultsRequest,
  projectHistogramRequest,
  projectResultsRequest,
  topInfluencersRequest,
  type RequestLine,
} from '../../../core/api/client/endpoints/searchRequests';
import type { CostedCall } from '../../../core/api/client/estimate';
import { totalOf } from '../../../core/api/client/paging';
import type { ResultDocument as ApiResultDocument } from '../../../core/api/schemas/document';
import type { ResultsParameters, View } from '../../../media/results/protocol';
import { ruleReader } from '../../../core/lab/resultReading';
import { panelDocument } from './documents';
import type { RunRequest, RunSpec } from './runSpec';

export interface Executed {
  readonly view: View;
  /** The API's documents of a results page, for "open as JSON". */
  readonly documents: readonly ApiResultDocument[];
}

/** The request a run sends, without the token: for "Copy as curl". */
export function requestLineOf(spec: RunSpec): RequestLine {
  const { request, target, query } = spec;
  const parameters = { ...request.parameters, q: query } as never;
  if (request.kind === 'histogram')
    return target.kind === 'project'
      ? projectHistogramRequest(target.id, request.histogramType, parameters)
      : globalHistogramRequest(request.histogramType, parameters);
  if (request.kind === 'results')
    return target.kind === 'project'
      ? projectResultsRequest(target.id, parameters)
      : globalResultsRequest({ ...overGlobalData(request.parameters), q: query } as never);
  return topInfluencersRequest(target.kind === 'project' ? target.id : '', parameters);
}

/**
 * Search results' parameters without a project's scopes: global data has no topics, filters or
 * datasets, so none is sent there, shown in the curl line or kept in the panel's parameters.
 */
function overGlobalData(parameters: ResultsParameters): ResultsParameters {
  const { offset, hpp, sort_by, sort_order, time_range, timezone } = parameters;
  return {
    offset,
    hpp,
    sort_by,
    sort_order,
    ...(time_range === undefined ? {} : { time_range }),
    ...(timezone === undefined ? {} : { timezone }),
  };
}

/** What a run costs, for the credit confirmation. */
export function costOf(request: RunRequest): CostedCall {
  switch (request.kind) {
    case 'histogram':
      return { kind: 'histogram' };
    case 'influencers':
      return { kind: 'topInfluencers' };
    case 'results':
      // One kind for a project's results and global ones: the same price, one question.
      return { kind: 'results', hpp: request.parameters.hpp };
  }
}

export async function execute(
  client: MediaMonitoringClient,
  spec: RunSpec,
  signal?: AbortSignal,
): Promise<Executed> {
  const options = signal ? { signal } : {};
  const { request, target, query } = spec;
  if (request.kind === 'histogram') {
    const parameters = { ...request.parameters, q: query } as never;
    const answer =
      target.kind === 'project'
        ? await client.histograms.project(target.id, request.histogramType, parameters, options)
        : await client.histograms.global(request.histogramType, parameters, options);
    return {
      view: {
        kind: 'histogram',
        histogramType: request.histogramType,
        parameters: request.parameters,
        result: answer.result_histogram,
      },
      documents: [],
    };
  }
  if (request.kind === 'results') {
    // What the panel then shows is what was sent: over global data, no project scopes.
    const sent =
      target.kind === 'project' ? request.parameters : overGlobalData(request.parameters);
    const parameters = { ...sent, q: query } as never;
    const answer =
      target.kind === 'project'
        ? await client.results.project(target.id, parameters, options)
        : await client.results.global(parameters, options);
    const { data } = answer.result_content;
    const reader = ruleReader(query);
    return {
      view: {
        kind: 'results',
        parameters: sent,
        documents: data.map((document) => panelDocument(document, reader)),
        total: totalOf(answer) ?? data.length,
      },
      documents: data,
    };
  }
  // api.md has top influencers inside a project only.
  if (target.kind !== 'project')
    throw new Error(
      'Top influencers need a project: add // @project <id> to the file, or set a default project',
    );
  const answer = await client.influencers.top(
    target.id,
    { ...request.parameters, q: query } as never,
    options,
  );
  const result = answer.result_top_influencers;
  const asked = request.parameters;
  return {
    view: {
      kind: 'influencers',
      parameters: request.parameters,
      influencerType: result.influencer_type ?? asked.influencer_type ?? 'author',
      sortCriteria: result.sort_criteria ?? asked.sort_criteria ?? 'total',
      influencers: result.influencers,
    },
    documents: [],
  };
}
