// A result document of the API as the panel shows it: title, source, date, figures and the
// service's highlighted snippets. Everything stays text; the panel renders only the <b> marks.
import type { ResultDocument as ApiResultDocument } from '../../../core/api/schemas/document';
import type { ResultDocument } from '../../../media/results/protocol';

export function panelDocument({
  data,
  highlighted_data: highlighted,
}: ApiResultDocument): ResultDocument {
  const snippet = highlighted?.find((entry) => entry.title_snippet || entry.content_snippet);
  const source =
    data.extra_source_attributes?.name ??
    data.host_url ??
    hostOf(data.url) ??
    data.url ??
    data.external_provider ??
    '';
  const document: ResultDocument = {
    ...(data.url === undefined ? {} : { url: data.url }),
    title: data.title ?? data.title_snippet ?? data.url ?? externalName(data),
    source,
  };
  const optional: Partial<ResultDocument> = {
    titleSnippet: snippet?.title_snippet ?? data.title_snippet,
    contentSnippet: snippet?.content_snippet ?? data.content_snippet,
    published: data.published,
    engagement: data.engagement,
    reach: data.reach,
    lang: data.lang,
    country: data.extra_source_attributes?.world_data?.country_code,
    sentiment: data.sentiment,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) (document as Record<string, unknown>)[key] = value;
  return document;
}

/** A post known only by its network's ids: `twitter post 1495…`. */
function externalName(data: ApiResultDocument['data']): string {
  return data.external_id
    ? `${data.external_provider ?? 'social'} post ${data.external_id}`
    : '(no title)';
}

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
