// Time histograms (published, search_indexed): one line per breakdown value with a legend that
// shows and hides them, value_type statistics in the tooltip, the forecast as a dashed line in a
// band from min_confidence to max_confidence after the last real bucket, and the buckets the range
// covers only in part as hollow points on a dotted line (not a dip). Dragging across zooms in
// (the caller reruns with min and max); a click, or Enter on a bucket, opens its drill menu.
import uPlot from 'uplot';
import type { FromPanel } from './protocol';
import { el } from '../shared/dom';
import { openDrillMenu } from './drillMenu';
import { chartPng } from './exportPng';
import { counted } from '../../core/plural';
import { bucketEnd, timeColumns } from '../tables/timeSeries';
import { axisTime, formatBucketTime, formatNumber } from './panelNumbers';
import { partialBuckets, partialNote } from './partialBuckets';
import { axes, countAxis, createChart, tooltipLine } from './plot';
import type { Rendered } from './rendered';
import type { Shown } from './state';
import { chartTheme, sentimentColour, withAlpha } from './theme';

type HistogramShown = Shown & { view: { kind: 'histogram' } };

export interface TimeChartInput {
  readonly shown: HistogramShown;
  readonly post: (message: FromPanel) => void;
  readonly zoom: (from: number, to: number) => void;
  readonly width: number;
}

export function renderTimeChart({ shown, post, zoom, width }: TimeChartInput): Rendered {
  const { histogramType: type, parameters, result } = shown.view;
  const timeZone = parameters.timezone ?? 'UTC';
  const theme = chartTheme();
  const columns = timeColumns(result);
  const { xs, names, real, forecast, lastReal } = columns;
  const colours = names.map(
    (name, index) =>
      (parameters.breakdown === 'sentiment' ? sentimentColour(name, theme) : undefined) ??
      theme.series[index % theme.series.length] ??
      theme.foreground,
  );
  const lineWidth = theme.highContrast ? 3 : 2;
  const partial = partialBuckets(shown);
  // A whole bucket's line leaves out the partial ones; their own dotted line joins them to it.
  const whole = real.map((column) =>
    column.map((value, index) => (partial.has(index) ? null : value)),
  );
  const series: uPlot.Series[] = [
    {},
    ...names.map((name, index) => ({
      label: name,
      stroke: colours[index],
      width: lineWidth,
      points: { show: xs.length <= 60 },
    })),
  ];
  const data: (number | null)[][] = [xs, ...whole];
  const bands: uPlot.Band[] = [];
  /** The uPlot series of each breakdown value, which its legend button shows and hides. */
  const members = names.map((_, index) => [1 + index]);
  if (forecast) {
    names.forEach((name, index) => {
      const first = series.length;
      members[index]?.push(first, first + 1, first + 2);
      const colour = colours[index] ?? theme.foreground;
      series.push(
        { label: `${name} forecast`, stroke: colour, width: lineWidth, dash: [6, 4] },
        {
          label: `${name} lower bound`,
          stroke: withAlpha(colour, 0.35),
          width: 1,
          points: { show: false },
        },
        {
          label: `${name} upper bound`,
          stroke: withAlpha(colour, 0.35),
          width: 1,
          points: { show: false },
        },
      );
      data.push(forecast.value[index] ?? [], forecast.low[index] ?? [], forecast.high[index] ?? []);
      bands.push({
        series: [first + 2, first + 1],
        fill: withAlpha(colour, theme.highContrast ? 0.3 : 0.18),
      });
    });
  }
  if (partial.size > 0) {
    const shownPoints = [...partial];
    const joined = (index: number) =>
      partial.has(index) || partial.has(index - 1) || partial.has(index + 1);
    names.forEach((name, index) => {
      members[index]?.push(series.length);
      const colour = colours[index] ?? theme.foreground;
      series.push({
        label: `${name} (partial buckets)`,
        stroke: withAlpha(colour, theme.highContrast ? 0.9 : 0.6),
        width: lineWidth,
        dash: [2, 4],
        points: {
          show: true,
          size: 8,
          fill: theme.background,
          filter: () => shownPoints,
        },
      });
      data.push(
        (real[index] ?? []).map((value, at) => (at <= lastReal && joined(at) ? value : null)),
      );
    });
  }
  const metric = parameters.value_type;
  const describe = (index: number) => {
    const at = xs[index];
    if (at === undefined) return null;
    const inForecast = index > lastReal;
    const title = `${formatBucketTime(at, timeZone)} – ${formatBucketTime(bucketEnd(xs, index), timeZone)}${inForecast ? ' (forecast)' : partial.has(index) ? ' (partial: only part of it is in the range)' : ''}`;
    const lines = names.flatMap((name, series) => {
      const colour = colours[series];
      if (inForecast) {
        const value = forecast?.value[series]?.[index];
        const low = forecast?.low[series]?.[index];
        const high = forecast?.high[series]?.[index];
        return [
          tooltipLine(
            colour,
            name,
            `${formatNumber(value)} expected (95%: ${formatNumber(low)} – ${formatNumber(high)})`,
          ),
        ];
      }
      const line = tooltipLine(colour, name, counted(real[series]?.[index] ?? 0, 'document'));
      const statistics = result.data[index]?.val?.[series];
      if (!metric || !statistics) return [line];
      return [
        line,
        el(
          'div',
          { className: 'tooltip-stats' },
          `${metric}: count ${formatNumber(statistics.count)}, min ${formatNumber(statistics.min)}, max ${formatNumber(statistics.max)}, avg ${formatNumber(statistics.avg)}, sum ${formatNumber(statistics.sum)}`,
        ),
      ];
    });
    return { title, lines };
  };
  const chart = createChart(
    {
      label: `${type} over time, ${names.length} series${forecast ? ' with a forecast' : ''}${partial.size > 0 ? `; ${partialNote(shown, partial)}` : ''}`,
      options: {
        ms: 1,
        tzDate: (ts: number) => uPlot.tzDate(new Date(ts), timeZone),
        series,
        bands,
        scales: {
          x: { time: true },
          y: { range: (_plot, _min, max) => [0, max > 0 ? max * 1.05 : 1] },
        },
        axes: axes(
          theme,
          {
            // uPlot gives the step in the x scale's unit (ms here).
            values: (_plot: uPlot, splits: number[], _axis: number, _space: number, step: number) =>
              splits.map((split) => axisTime(split, step, timeZone)),
          },
          countAxis,
        ),
        cursor: { points: { size: 7 } },
      },
      data: data as uPlot.AlignedData,
      describe,
      pick: (index, at, opener) => {
        const from = xs[index];
        if (from === undefined || index > lastReal) return;
        const to = bucketEnd(xs, index);
        openDrillMenu(
          `${formatBucketTime(from, timeZone)} – ${formatBucketTime(to, timeZone)}`,
          { kind: 'time', from, to },
          post,
          at,
          opener,
        );
      },
      drag: (from, to) => {
        // Only real buckets can be zoomed into: the forecast has no documents.
        const end = lastReal >= 0 ? bucketEnd(xs, lastReal) : to;
        const clipped = Math.min(Math.ceil(to), end);
        if (clipped > Math.floor(from)) zoom(Math.floor(from), clipped);
      },
    },
    width,
  );
  // Each partial bucket draws its series again, dotted: the tests count both.
  chart.wrapper.dataset.partial = String(partial.size);
  const toggles = names.map((name, index) => {
    const swatch = el('span', { className: 'swatch', attributes: { 'aria-hidden': 'true' } });
    swatch.style.background = colours[index] ?? '';
    const button = el(
      'button',
      {
        className: 'legend-item',
        attributes: { type: 'button', 'aria-pressed': 'true', title: `Show or hide ${name}` },
        listeners: {
          click: () => {
            const shownNow = button.getAttribute('aria-pressed') !== 'true';
            button.setAttribute('aria-pressed', String(shownNow));
            for (const member of members[index] ?? [])
              chart.plot.setSeries(member, { show: shownNow });
          },
        },
      },
      swatch,
      name,
    );
    return button;
  });
  const legend = el(
    'div',
    { className: 'legend', attributes: { role: 'group', 'aria-label': 'Series' } },
    ...toggles,
    forecast
      ? el(
          'span',
          { className: 'legend-note forecast-note' },
          `Dashed, in a band: forecast of ${counted(xs.length - lastReal - 1, 'day')} (95% confidence)`,
        )
      : null,
    partial.size > 0
      ? el(
          'span',
          { className: 'legend-note partial-note' },
          `Dotted line, hollow point: ${partialNote(shown, partial)}`,
        )
      : null,
  );
  return {
    element: el('section', { className: 'time-chart' }, legend, chart.wrapper),
    png: () =>
      chartPng(
        `${type}${parameters.breakdown ? ` by ${parameters.breakdown}` : ''} (${timeZone})`,
        chart.plot.ctx.canvas,
        names.map((name, index) => ({ label: name, colour: colours[index] ?? theme.foreground })),
      ),
    destroy: () => chart.destroy(),
  };
}
