// The requests of the search operations with their parameters, typed per histogram type, and no
// schema: what a caller needs to show a request (the results panel's "Copy as curl") without
// loading zod. Built from the operations' facts (operations.ts), like the calls search.ts makes.
import type {
  HistogramType,
  TimeType,
  NumericType,
  TopNType,
  DistributionType,
} from '../../parameterValues';
import type {
  DistributionParameters,
  InfluencerParameters,
  NumericHistogramParameters,
  ProjectResultsParameters,
  ProjectScope,
  ResultsParameters,
  TimeHistogramParameters,
} from '../../parameters';
import type { EndpointClass } from '../../limits';
import { OPERATIONS, pathOf, type OperationName, type ParamsOf } from '../../operations';
import type { QueryValue } from '../transport';

export type {
  DistributionParameters,
  InfluencerParameters,
  NumericHistogramParameters,
  ProjectResultsParameters,
  ProjectScope,
  ResultsParameters,
  TimeHistogramParameters,
} from '../../parameters';

export type HistogramParametersOf<T extends HistogramType> = T extends TimeType
  ? TimeHistogramParameters
  : T extends NumericType
    ? NumericHistogramParameters
    : T extends TopNType | DistributionType
      ? DistributionParameters
      : never;

/** A GET request as the transport sends it, without the token: for a call, or to show as curl. */
export interface RequestLine {
  readonly method: 'GET';
  readonly path: string;
  readonly query: Readonly<Record<string, QueryValue>>;
  /** The operation (contract.ts), whose cost rule says what the answer spent. */
  readonly operation: OperationName;
  readonly endpoint: EndpointClass | undefined;
}

type GetOperation = {
  [Name in OperationName]: (typeof OPERATIONS)[Name]['method'] extends 'GET' ? Name : never;
}[OperationName];

function requestLine<Name extends GetOperation>(
  name: Name,
  params: ParamsOf<(typeof OPERATIONS)[Name]['path']>,
  parameters: object,
): RequestLine {
  const operation: { readonly path: string; readonly limit?: EndpointClass } = OPERATIONS[name];
  return {
    method: 'GET',
    path: pathOf(operation.path, params as ParamsOf<string>),
    query: parameters as Record<string, QueryValue>,
    operation: name,
    endpoint: operation.limit,
  };
}

export function globalHistogramRequest<T extends HistogramType>(
  type: T,
  parameters: HistogramParametersOf<T> & { q: string },
): RequestLine {
  return requestLine('globalHistogram', { type }, parameters);
}

export function projectHistogramRequest<T extends HistogramType>(
  project: string,
  type: T,
  parameters: HistogramParametersOf<T> & ProjectScope & { forecast_days?: number } = {} as never,
): RequestLine {
  return requestLine('projectHistogram', { project, type }, parameters);
}

export function topInfluencersRequest(
  project: string,
  parameters: InfluencerParameters = {},
): RequestLine {
  return requestLine('topInfluencers', { project }, parameters);
}

export function projectResultsRequest(
  project: string,
  parameters: ProjectResultsParameters = {},
): RequestLine {
  return requestLine('projectResults', { project }, parameters);
}

/** Search results over global data (no project). */
export function globalResultsRequest(parameters: ResultsParameters = {}): RequestLine {
  return requestLine('globalResults', {}, parameters);
}
