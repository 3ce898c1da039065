// The file name a save dialog suggests for an export: the rule, what was asked and over which
// range, so that two exports of one rule do not suggest the same name:
// `acme-core-distribution-country-last-7d.csv`,
// `acme-core-histogram-published-2026-11-13-to-2026-11-21.csv`. Letters, digits, `.`, `_` and
// `-` only: a name every file system takes.
import { timeRangeOf } from '../../../core/api/histogramBins';
import { representationOf } from '../../../core/api/histogramRules';
import { formatTime } from '../../../media/results/panelNumbers';
import { familyOf, type RunRequest, type RunSpec } from './runSpec';

/** A time in a file name: its day, and the time of day when not midnight (`2026-11-13T1430`). */
function timePart(instant: number, timeZone: string): string {
  const [day, time] = formatTime(instant, timeZone).split(' ');
  return time === '00:00' ? (day ?? '') : `${day ?? ''}T${(time ?? '').replace(/:/g, '')}`;
}

/** The range asked for: `last-7d`, the dates of a time histogram, a metric's bounds, or `all`. */
function rangePart(request: RunRequest, at: number): string {
  const { time_range: range } = request.parameters;
  if (range !== undefined) return `last-${range}`;
  if (request.kind !== 'histogram') return 'all';
  const { parameters, histogramType } = request;
  const representation = representationOf(histogramType);
  if (representation === 'time') {
    // The service's default range (8 days ending tomorrow) as the dates it was.
    const timeZone = parameters.timezone ?? 'UTC';
    const { min, max } = timeRangeOf(parameters, timeZone, at);
    return `${timePart(min, timeZone)}-to-${timePart(max, timeZone)}`;
  }
  if (
    representation === 'numeric' &&
    (parameters.min !== undefined || parameters.max !== undefined)
  )
    return `${parameters.min ?? 'lowest'}-to-${parameters.max ?? 'highest'}`;
  return 'all';
}

function requestPart(request: RunRequest): string {
  switch (request.kind) {
    case 'histogram':
      return `${familyOf(request.histogramType)}-${request.histogramType}`;
    case 'influencers':
      return `influencers-${request.parameters.influencer_type ?? 'author'}`;
    case 'results':
      return request.parameters.offset > 0
        ? `results-from-${request.parameters.offset + 1}`
        : 'results';
  }
}

/** Text as a piece of a file name: safe characters only, runs of others as one `-`. */
function safe(text: string): string {
  return text
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .replace(/-{2,}/g, '-');
}

/** `at`: when the answer came (a range relative to now is dated from it). */
export function exportFileName(spec: RunSpec, at: number, extension: string): string {
  const name = [
    safe(spec.title).slice(0, 80) || 'results',
    requestPart(spec.request),
    rangePart(spec.request, at),
  ]
    .map(safe)
    .filter((part) => part !== '')
    .join('-');
  return `${name}.${extension}`;
}
