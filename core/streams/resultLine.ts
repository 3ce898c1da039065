// One result of a stream or collector as one line of text, for people watching a tail (the
// output channels of VS Code, `mmq tail --format text`): time,
// source, title, what matched, URL. Control characters and line breaks of the document become
// spaces, so that a document can never break or forge the lines around it.
import type { ResultDocument } from '../api/schemas/document';
// One line, single spaces: fields are two spaces apart, so a field never holds two.
import { oneLine } from '../text/controls';

/** Longest title shown; the NDJSON record keeps the whole document. */
const TITLE_WIDTH = 120;

/** `2026-11-24T09:51:12Z`: UTC, since tails mix sources from every timezone; to the second. */
function utcTime(epochMs: number | undefined): string {
  if (epochMs === undefined || !Number.isFinite(epochMs)) return '-';
  const at = new Date(epochMs);
  return Number.isNaN(at.getTime()) ? '-' : `${at.toISOString().slice(0, 19)}Z`;
}

function sourceOf(document: ResultDocument['data']): string {
  const name = document.extra_source_attributes?.name;
  if (name) return oneLine(name);
  const site = document.domain_url ?? document.host_url ?? document.url;
  if (site === undefined)
    return document.external_provider ? oneLine(document.external_provider) : '-';
  return oneLine(site.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/, ''));
}

/**
 * The rules (stream reads), collector queries (collector reads), projects an export came from, or
 * the topics of a project's live read that matched.
 */
export function matchedNames(result: ResultDocument): string[] {
  const names = new Set<string>();
  for (const highlighted of result.highlighted_data ?? []) {
    const matched = highlighted.matched;
    if (!matched) continue;
    if (matched.rule_id) names.add(matched.rule_id);
    for (const query of matched.collector_query_ids ?? []) names.add(query);
    for (const project of matched.project_profiles ?? []) names.add(project.title ?? project.id);
  }
  for (const topic of result.data.matched_profile ?? []) names.add(topic);
  return [...names];
}

function matchedOf(result: ResultDocument): string {
  const names = matchedNames(result);
  return names.length > 0 ? oneLine(names.join(',')) : '-';
}

function shortened(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

export function resultLine(result: ResultDocument): string {
  const document = result.data;
  const title = shortened(oneLine(document.title ?? document.title_snippet ?? ''), TITLE_WIDTH);
  const time = utcTime(document.published ?? document.search_indexed ?? document.indexed);
  const where =
    document.url ??
    (document.external_id ? `${document.external_provider ?? 'id'}:${document.external_id}` : '-');
  return `${time}  ${sourceOf(document)}  ${title || '(no title)'}  [${matchedOf(result)}]  ${oneLine(where)}`;
}
