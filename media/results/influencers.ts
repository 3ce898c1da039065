// Top influencers as a sortable table: name (opens their page), network, posts, a sentiment bar,
// reach, engagement, both per mention, and the project's topics they were matched in.
import type { FromPanel, Influencer, ProjectChoices } from '../protocol';
import { el } from './dom';
import { barsPng } from './exportPng';
import { formatNumber } from './format';
import { externalLink } from './link';
import type { Rendered } from './rendered';
import type { Shown } from './state';
import { sortableTable, type Column } from './table';

type InfluencersShown = Shown & { view: { kind: 'influencers' } };

/** A table row: the influencer as the service answers it, each figure it left out read as 0. */
interface Row {
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
  readonly matched_topics: Influencer['matched_topics'];
}

function rowOf(influencer: Influencer, index: number): Row {
  const sentiment = influencer.sentiment ?? {};
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
    matched_topics: influencer.matched_topics,
  };
}

function sentimentBar(sentiment: Row['sentiment']): HTMLElement {
  const total = sentiment.positive + sentiment.neutral + sentiment.negative;
  const part = (name: 'positive' | 'neutral' | 'negative') => {
    const segment = el('span', { className: `segment ${name}` });
    segment.style.width = `${total > 0 ? (sentiment[name] / total) * 100 : 0}%`;
    return segment;
  };
  return el(
    'span',
    {
      className: 'sentiment-bar',
      attributes: {
        role: 'img',
        'aria-label': `${sentiment.positive} positive, ${sentiment.neutral} neutral, ${sentiment.negative} negative`,
        title: `${sentiment.positive} positive, ${sentiment.neutral} neutral, ${sentiment.negative} negative`,
      },
    },
    part('positive'),
    part('neutral'),
    part('negative'),
  );
}

function topicName(choices: ProjectChoices | undefined, id: string): string {
  return choices?.topic.find((topic) => topic.id === id)?.title ?? id;
}

export function renderInfluencers(
  shown: InfluencersShown,
  post: (message: FromPanel) => void,
): Rendered {
  const { influencerType, sortCriteria } = shown.view;
  const influencers = shown.view.influencers.map(rowOf);
  const number = (key: keyof Row, label: string, pick: (row: Row) => number): Column<Row> => ({
    key,
    label,
    numeric: true,
    value: pick,
    render: (row) => formatNumber(pick(row)),
  });
  const columns: Column<Row>[] = [
    { key: 'rank', label: '#', numeric: true, value: (row) => row.rank },
    {
      key: 'name',
      label: influencerType.toUpperCase() === 'SOURCE' ? 'Source' : 'Author',
      value: (row) => row.name,
      render: (row) => externalLink(row.url, row.name, post, `${row.name}: open ${row.url ?? ''}`),
      className: 'nowrap',
    },
    { key: 'network', label: 'Network', value: (row) => row.network },
    number('posts', 'Posts', (row) => row.posts),
    {
      key: 'sentiment',
      label: 'Sentiment',
      value: (row) =>
        `${row.sentiment.positive}/${row.sentiment.neutral}/${row.sentiment.negative}`,
      render: (row) => sentimentBar(row.sentiment),
      sortable: false,
    },
    number('reach', 'Reach', (row) => row.reach),
    number('engagement', 'Engagement', (row) => row.engagement),
    number('reach_per_mention', 'Reach / mention', (row) => row.reach_per_mention),
    number('engagement_per_mention', 'Engagement / mention', (row) => row.engagement_per_mention),
    {
      key: 'topics',
      label: 'Matched topics',
      value: (row) =>
        row.matched_topics
          .map(
            (topic) => `${topicName(shown.choices, topic.topic_id)} (${topic.posts_amount ?? '?'})`,
          )
          .join(', '),
    },
  ];
  const table = sortableTable<Row>({
    caption: `Top ${influencers.length} ${influencerType.toLowerCase()}s by ${sortCriteria.toLowerCase()} (the service's order in #)`,
    columns,
    rows: influencers,
  });
  return {
    element: el(
      'section',
      { className: 'influencers', attributes: { 'aria-label': 'Top influencers' } },
      table,
    ),
    png: () =>
      barsPng({
        title: `Top ${influencerType.toLowerCase()}s by ${sortCriteria.toLowerCase()} (posts)`,
        rows: influencers.map((row) => ({
          label: row.name,
          value: row.posts,
          text: `${formatNumber(row.posts)} posts`,
        })),
      }),
  };
}
