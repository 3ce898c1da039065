// `mmq tail --format text`: one line per result for a person watching a terminal: time, source,
// title, matched rule, URL (issue 12). Text from the service is made one line and stripped of
// control characters, so that a title cannot move the cursor or recolour the terminal.
import type { ResultData } from '../../core/api/client/streamReader';

// C0 and C1 controls (ESC starts terminal sequences) and line or paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

const clean = (text: string) => text.replace(CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();

function time(epochMs: number | undefined): string {
  if (epochMs === undefined || !Number.isFinite(epochMs)) return '-';
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? '-' : `${date.toISOString().slice(0, 19)}Z`;
}

function source(result: ResultData): string {
  const document = result.data;
  const name = document.extra_source_attributes?.name;
  if (name) return name;
  try {
    return new URL(document.url).host || '-';
  } catch {
    return '-';
  }
}

/** The rule (streams) or the parts of the definition (collectors) that matched. */
function matched(result: ResultData): string {
  const ids = result.highlighted_data.flatMap((entry) => {
    const match = entry.matched;
    if (!match) return [];
    return match.collector_query_ids ?? (match.rule_id === undefined ? [] : [match.rule_id]);
  });
  return ids.length === 0 ? '-' : [...new Set(ids)].join(',');
}

export function resultLine(result: ResultData): string {
  const document = result.data;
  const fields = [
    time(document.published ?? document.search_indexed ?? document.indexed),
    source(result),
    document.title === undefined ? '(no title)' : clean(document.title) || '(no title)',
    `[${matched(result)}]`,
    document.url,
  ];
  return `${fields.map(clean).join('  ')}\n`;
}
