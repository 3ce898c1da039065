// Top influencers of a project (api.md "Top influencers"): documents grouped by author or source,
// with posts, sentiment counts, reach and engagement, sorted descending by the chosen criterion.
import type { AnalyticsDocument } from './documentFields';

/** An influencer as the sandbox answers it: every figure the service sends, always. */
export interface Influencer {
  readonly matched_topics: { readonly topic_id: string; readonly posts_amount: number }[];
  readonly details: { readonly id: string; readonly name: string; readonly url: string };
  readonly network: string;
  readonly posts: number;
  readonly sentiment: {
    readonly positive: number;
    readonly negative: number;
    readonly neutral: number;
  };
  readonly reach: number;
  readonly reach_per_mention: number;
  readonly engagement: number;
  readonly engagement_per_mention: number;
}

export type InfluencerType = 'author' | 'source';
export type SortCriterion =
  | 'total'
  | 'positive'
  | 'negative'
  | 'neutral'
  | 'reach'
  | 'engagement'
  | 'engagement_per_mention'
  | 'reach_per_mention';

interface Entry {
  readonly document: AnalyticsDocument;
  readonly topics: readonly string[];
}

function identity(
  document: AnalyticsDocument,
  type: InfluencerType,
): { id: string; name: string } | undefined {
  const attributes =
    type === 'author' ? document.extra_author_attributes : document.extra_source_attributes;
  const id = attributes?.id ?? attributes?.name;
  return id ? { id, name: attributes?.name ?? id } : undefined;
}

function sortValue(influencer: Influencer, criterion: SortCriterion): number {
  switch (criterion) {
    case 'total':
      return influencer.posts;
    case 'positive':
    case 'negative':
    case 'neutral':
      return influencer.sentiment[criterion];
    default:
      return influencer[criterion];
  }
}

export function topInfluencers(
  entries: Iterable<Entry>,
  type: InfluencerType,
  criterion: SortCriterion,
  topN: number,
): Influencer[] {
  const groups = new Map<string, { name: string; network: string; entries: Entry[] }>();
  for (const entry of entries) {
    const who = identity(entry.document, type);
    if (!who) continue;
    const group = groups.get(who.id) ?? {
      name: who.name,
      network: who.id.includes(':') ? (who.id.split(':')[0] ?? 'web') : 'web',
      entries: [],
    };
    group.entries.push(entry);
    groups.set(who.id, group);
  }
  const influencers = [...groups].map(([id, group]): Influencer => {
    const posts = group.entries.length;
    const reach = group.entries.reduce((sum, entry) => sum + (entry.document.reach ?? 0), 0);
    const engagement = group.entries.reduce(
      (sum, entry) => sum + (entry.document.engagement ?? 0),
      0,
    );
    const topicCounts = new Map<string, number>();
    for (const entry of group.entries)
      for (const topic of entry.topics) topicCounts.set(topic, (topicCounts.get(topic) ?? 0) + 1);
    const sentiment = (test: (value: number) => boolean) =>
      group.entries.filter((entry) => test(entry.document.sentiment ?? 0)).length;
    return {
      matched_topics: [...topicCounts].map(([topic_id, posts_amount]) => ({
        topic_id,
        posts_amount,
      })),
      details: {
        id,
        name: group.name,
        url: `https://${group.network}.example/${encodeURIComponent(id)}`,
      },
      network: group.network,
      posts,
      sentiment: {
        positive: sentiment((value) => value > 0),
        negative: sentiment((value) => value < 0),
        neutral: sentiment((value) => value === 0),
      },
      reach,
      reach_per_mention: reach / posts,
      engagement,
      engagement_per_mention: engagement / posts,
    };
  });
  return influencers
    .sort(
      (a, b) =>
        sortValue(b, criterion) - sortValue(a, criterion) ||
        a.details.id.localeCompare(b.details.id),
    )
    .slice(0, topN);
}
