// Top influencers as a table: rank (the service's order), name with its page, network, posts,
// sentiment, reach, engagement, both per mention, and the project's topics they were matched in.
// Figures the service leaves out read as 0.
import type { Influencer, ProjectChoices, View } from '../results/protocol';
import type { DataColumn, DataTable } from './dataColumn';

export type InfluencersView = Extract<View, { kind: 'influencers' }>;

export interface InfluencerRow {
  readonly rank: number;
  readonly name: string;
  readonly url: string | undefined;
  readonly network: string;
  readonly posts: number;
  readonly sentiment: {
    readonly positive: number;
    readonly neutral: number;
    readonly negative: number;
  };
  readonly reach: number;
  readonly engagement: number;
  readonly reach_per_mention: number;
  readonly engagement_per_mention: number;
  /** "Topic (posts), …" with the project's topic titles. */
  readonly topics: string;
}

function rowOf(influencer: Influencer, index: number, choices?: ProjectChoices): InfluencerRow {
  const sentiment = influencer.sentiment ?? {};
  const topicName = (id: string) => choices?.topic.find((topic) => topic.id === id)?.title ?? id;
  return {
    rank: index + 1,
    name: influencer.details.name ?? influencer.details.id,
    url: influencer.details.url,
    network: influencer.network ?? '',
    posts: influencer.posts ?? 0,
    sentiment: {
      positive: sentiment.positive ?? 0,
      neutral: sentiment.neutral ?? 0,
      negative: sentiment.negative ?? 0,
    },
    reach: influencer.reach ?? 0,
    engagement: influencer.engagement ?? 0,
    reach_per_mention: influencer.reach_per_mention ?? 0,
    engagement_per_mention: influencer.engagement_per_mention ?? 0,
    topics: influencer.matched_topics
      .map((topic) => `${topicName(topic.topic_id)} (${topic.posts_amount ?? '?'})`)
      .join(', '),
  };
}

type NumberKey = 'posts' | 'reach' | 'engagement' | 'reach_per_mention' | 'engagement_per_mention';

const number = (key: NumberKey, label: string): DataColumn<InfluencerRow> => ({
  key,
  label,
  numeric: true,
  value: (row) => row[key],
});

export function influencerTable(
  view: InfluencersView,
  choices?: ProjectChoices,
): DataTable<InfluencerRow> {
  const label = view.influencerType.toUpperCase() === 'SOURCE' ? 'Source' : 'Author';
  const columns: DataColumn<InfluencerRow>[] = [
    { key: 'rank', label: '#', numeric: true, value: (row) => row.rank },
    {
      key: 'name',
      label,
      value: (row) => row.name,
      // The table links the name to the page: the file has the address beside it.
      written: [
        { label, value: (row) => row.name },
        { label: 'URL', value: (row) => row.url },
      ],
    },
    { key: 'network', label: 'Network', value: (row) => row.network },
    number('posts', 'Posts'),
    {
      key: 'sentiment',
      label: 'Sentiment',
      value: (row) =>
        `${row.sentiment.positive}/${row.sentiment.neutral}/${row.sentiment.negative}`,
      // The table draws a bar of the three: the file has each.
      written: [
        { label: 'Positive', value: (row) => row.sentiment.positive },
        { label: 'Neutral', value: (row) => row.sentiment.neutral },
        { label: 'Negative', value: (row) => row.sentiment.negative },
      ],
    },
    number('reach', 'Reach'),
    number('engagement', 'Engagement'),
    number('reach_per_mention', 'Reach / mention'),
    number('engagement_per_mention', 'Engagement / mention'),
    { key: 'topics', label: 'Matched topics', value: (row) => row.topics },
  ];
  return {
    columns,
    rows: view.influencers.map((influencer, index) => rowOf(influencer, index, choices)),
  };
}
