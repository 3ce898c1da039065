// A result document of the API as the panel shows it: title, source, date, figures, the
// service's highlighted snippets, and which of the rule's operands match it. Everything stays
// text; the panel renders only the <b> marks and the offsets of matched words.
import type { ResultDocument as ApiResultDocument } from '../../../core/api/schemas/document';
import type { RuleReader } from '../../../core/lab/resultReading';
import type { MatchableDocument } from '../../../core/query/document';
import type { ResultDocument } from '../../../media/results/protocol';

/** The panel's document; with a reader of the rule, why it matched (`reading`). */
export function panelDocument(
  { data, highlighted_data: highlighted }: ApiResultDocument,
  reader?: RuleReader | null,
): ResultDocument {
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
    reading: reader?.read(matchable(data)),
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) (document as Record<string, unknown>)[key] = value;
  return document;
}

/** The document as the matcher reads it: images without an address are left out. */
function matchable(data: ApiResultDocument['data']): MatchableDocument {
  const { images, ...rest } = data;
  return {
    ...rest,
    images: (images ?? []).flatMap((image) =>
      typeof image.url === 'string' ? [{ url: image.url }] : [],
    ),
  };
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
