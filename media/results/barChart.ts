// Numeric histograms (reach, engagement, the net* counters, comment_count, cluster_size): a bar
// per bucket from k to the next k, the bucket's statistics in the tooltip; a bar opens its
// drill menu (the number range).
import uPlot from 'uplot';
import type { FromPanel } from './protocol';
import { openDrillMenu } from './drillMenu';
import { chartPng } from './exportPng';
import { formatNumber } from './panelNumbers';
import { el } from '../shared/dom';
import { counted } from '../../core/plural';
import { bucketWidth } from '../tables/numericTable';
import { axes, countAxis, createChart, powersOfTen, tooltipLine, type Chart } from './plot';
import type { Rendered } from './rendered';
import type { Shown } from './state';
import { chartTheme, withAlpha } from './theme';

type HistogramShown = Shown & { view: { kind: 'histogram' } };

/** Room for a tick label of the x axis (1.25M, 250k): wide enough that two never touch. */
const X_LABEL_SPACE = 64;

export function renderBarChart(
  shown: HistogramShown,
  post: (message: FromPanel) => void,
  width: number,
): Rendered {
  const { histogramType: type, parameters, result } = shown.view;
  const theme = chartTheme();
  const buckets = result.data.filter((bucket) => bucket.k !== undefined);
  const ks = buckets.map((bucket) => bucket.k as number);
  const step = bucketWidth(ks, parameters.interval);
  const counts = buckets.map((bucket) => bucket.v[0] ?? 0);
  const colour = theme.series[0] ?? theme.foreground;
  const last = ks[ks.length - 1];
  const slot = el('div', { className: 'chart-slot' });

  /** Metrics are heavy-tailed: on a logarithmic scale the tail's small bars show (empty ones cannot). */
  function build(logarithmic: boolean): Chart {
    const bars = uPlot.paths.bars?.({ size: [0.92, Infinity], align: 1 });
    return createChart(
      {
        label: `${type}: ${counted(buckets.length, 'bucket')} of width ${formatNumber(step)}`,
        options: {
          series: [
            {},
            {
              label: 'Documents',
              stroke: colour,
              fill: withAlpha(colour, theme.highContrast ? 0.9 : 0.6),
              width: theme.highContrast ? 2 : 1,
              ...(bars ? { paths: bars } : {}),
              points: { show: false },
            },
          ],
          scales: {
            x: { time: false, range: () => [ks[0] ?? 0, (last ?? 0) + step] },
            // From 0.5, so that a bucket of one document still has a bar.
            y: logarithmic
              ? { distr: 3, log: 10, range: (_plot, _min, max) => [0.5, Math.max(10, max * 1.5)] }
              : { range: (_plot, _min, max) => [0, max > 0 ? max * 1.05 : 1] },
          },
          axes: axes(
            theme,
            // The buckets' bounds are whole numbers of a counter or metric.
            { ...countAxis, space: X_LABEL_SPACE },
            logarithmic
              ? {
                  filter: powersOfTen,
                  grid: {
                    stroke: theme.lines,
                    width: theme.highContrast ? 1 : 0.5,
                    filter: powersOfTen,
                  },
                  ticks: { stroke: theme.lines, width: 1, filter: powersOfTen },
                }
              : countAxis,
          ),
        },
        data: [ks, logarithmic ? counts.map((count) => (count > 0 ? count : null)) : counts],
        describe: (index) => {
          const bucket = buckets[index];
          if (!bucket) return null;
          const from = bucket.k as number;
          const statistics = bucket.val?.[0];
          return {
            title: `${type} ${formatNumber(from)} – ${formatNumber(from + step)}`,
            lines: [
              tooltipLine(colour, 'Documents', formatNumber(bucket.v[0])),
              ...(statistics
                ? (['min', 'max', 'avg', 'sum'] as const).map((name) =>
                    tooltipLine(undefined, name, formatNumber(statistics[name])),
                  )
                : []),
            ],
          };
        },
        pick: (index, at, opener) => {
          const from = ks[index];
          if (from === undefined) return;
          openDrillMenu(
            `${type} ${formatNumber(from)} – ${formatNumber(from + step)}`,
            { kind: 'number', histogramType: type, from, to: from + step },
            post,
            at,
            opener,
          );
        },
      },
      width,
    );
  }

  let chart = build(false);
  slot.appendChild(chart.wrapper);
  const logarithmic = el('input', {
    attributes: { type: 'checkbox' },
    listeners: {
      change: () => {
        chart.destroy();
        chart.wrapper.remove();
        chart = build(logarithmic.checked);
        slot.appendChild(chart.wrapper);
      },
    },
  });
  return {
    element: el(
      'section',
      { className: 'bar-chart' },
      el(
        'div',
        { className: 'chart-options' },
        el('label', { className: 'check' }, logarithmic, ' Logarithmic scale'),
      ),
      slot,
    ),
    png: () => chartPng(`${type}, buckets of ${formatNumber(step)}`, chart.plot.ctx.canvas, []),
    destroy: () => chart.destroy(),
  };
}
