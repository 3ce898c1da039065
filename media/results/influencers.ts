// Top influencers as a sortable table (media/tables/influencerTable.ts): the name opens their
// page, sentiment shows as a bar, the figures formatted, the matched topics on one line.
import { counted } from '../../core/plural';
import type { FromPanel } from './protocol';
import { influencerTable, type InfluencerRow as Row } from '../tables/influencerTable';
import { el } from '../shared/dom';
import { barsPng } from './exportPng';
import { formatNumber } from './panelNumbers';
import { externalLink } from './link';
import type { Rendered } from './rendered';
import type { Shown } from './state';
import { sortableTable, withLooks, type Look } from './table';

type InfluencersShown = Shown & { view: { kind: 'influencers' } };

function sentimentBar(sentiment: Row['sentiment']): HTMLElement {
  const total = sentiment.positive + sentiment.neutral + sentiment.negative;
  const part = (name: 'positive' | 'neutral' | 'negative') => {
    const segment = el('span', { className: `segment ${name}` });
    segment.style.width = `${total > 0 ? (sentiment[name] / total) * 100 : 0}%`;
    return segment;
  };
  const text = `${sentiment.positive} positive, ${sentiment.neutral} neutral, ${sentiment.negative} negative`;
  return el(
    'span',
    { className: 'sentiment-bar', attributes: { role: 'img', 'aria-label': text, title: text } },
    part('positive'),
    part('neutral'),
    part('negative'),
  );
}

const figure = (pick: (row: Row) => number): Look<Row> => ({
  render: (row) => formatNumber(pick(row)),
});

export function renderInfluencers(
  shown: InfluencersShown,
  post: (message: FromPanel) => void,
): Rendered {
  const { influencerType, sortCriteria } = shown.view;
  const data = influencerTable(shown.view, shown.choices);
  const influencers = data.rows;
  const columns = withLooks(data.columns, {
    name: {
      render: (row) => externalLink(row.url, row.name, post, `${row.name}: open ${row.url ?? ''}`),
      clip: true,
    },
    sentiment: { render: (row) => sentimentBar(row.sentiment), sortable: false },
    posts: figure((row) => row.posts),
    reach: figure((row) => row.reach),
    engagement: figure((row) => row.engagement),
    reach_per_mention: figure((row) => row.reach_per_mention),
    engagement_per_mention: figure((row) => row.engagement_per_mention),
    topics: { clip: true },
  });
  const kind = influencerType.toLowerCase();
  const table = sortableTable<Row>({
    caption: `Top ${counted(influencers.length, kind)} by ${sortCriteria.toLowerCase()} (the service's order in #)`,
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
        title: `Top ${kind}s by ${sortCriteria.toLowerCase()} (posts)`,
        rows: influencers.map((row) => ({
          label: row.name,
          value: row.posts,
          text: counted(row.posts, 'post'),
        })),
      }),
  };
}
