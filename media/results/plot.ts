// What the time chart and the bar chart share on top of uPlot: axes in the theme's colours with
// short numbers (1.25M), counts ticked on whole numbers, a tooltip that follows the cursor (CSSOM
// positions: the CSP forbids style attributes, not element.style), keyboard use (arrows move
// between buckets, Enter opens the drill menu), a live region that reads the current bucket out,
// and resizing with the panel.
import uPlot from 'uplot';
import { append, el, replace, type Child } from '../shared/dom';
import { axisNumbers } from './panelNumbers';
import type { ChartTheme } from './theme';

export const PLOT_HEIGHT = 320;
const AXIS_FONT_PX = 12;

/** Short numbers; filtered splits (a logarithmic axis) come as null: no label. */
const numberLabels = (_plot: uPlot, splits: (number | null)[]) => axisNumbers(splits);

/** Steps between ticks of whole numbers only: 1, 2, 5, 10, 20, 25, 50, … */
const WHOLE_STEPS: number[] = Array.from({ length: 16 }, (_, power) => 10 ** power).flatMap(
  (unit) => (unit === 1 ? [1, 2, 5] : [unit, 2 * unit, 2.5 * unit, 5 * unit]),
);

/** An axis of counts (documents, a counter's values): ticks on whole numbers, short labels. */
export const countAxis: Partial<uPlot.Axis> = { incrs: WHOLE_STEPS, values: numberLabels };

export function axes(
  theme: ChartTheme,
  x: Partial<uPlot.Axis> = {},
  y: Partial<uPlot.Axis> = {},
): uPlot.Axis[] {
  const common = {
    stroke: theme.foreground,
    font: `${AXIS_FONT_PX}px ${theme.font}`,
    grid: { stroke: theme.lines, width: theme.highContrast ? 1 : 0.5 },
    ticks: { stroke: theme.lines, width: 1 },
  };
  return [
    { ...common, ...x },
    { ...common, size: 56, values: numberLabels, ...y },
  ];
}

/** A drawn tick label: its text and where it lies along its axis, in CSS pixels. */
interface TickLabel {
  readonly text: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Records what each axis labels, as the values functions return it, so that after a draw the
 * chart can say (data-x-ticks, data-y-ticks) which labels it shows and where: the canvas holds
 * them as pixels only.
 */
function recordingLabels(axes: readonly uPlot.Axis[]): {
  axes: uPlot.Axis[];
  lastOf: (axis: number) => { splits: (number | null)[]; labels: string[] } | undefined;
} {
  const last = new Map<number, { splits: (number | null)[]; labels: string[] }>();
  return {
    axes: axes.map((axis, index) => {
      const values = axis.values;
      if (typeof values !== 'function') return axis;
      return {
        ...axis,
        values: (plot, splits, axisIndex, space, step) => {
          const labels = values(plot, splits, axisIndex, space, step).map((label) =>
            label === null ? '' : String(label),
          );
          last.set(index, { splits, labels });
          return labels;
        },
      };
    }),
    lastOf: (axis) => last.get(axis),
  };
}

function tickLabels(
  plot: uPlot,
  recorded: { splits: (number | null)[]; labels: string[] } | undefined,
  scale: 'x' | 'y',
  font: string,
): TickLabel[] {
  if (!recorded) return [];
  const context = plot.ctx;
  context.save();
  context.font = font;
  const labels: TickLabel[] = [];
  recorded.splits.forEach((split, index) => {
    const text = recorded.labels[index] ?? '';
    if (split === null || text === '') return;
    const at = plot.valToPos(split, scale);
    // x labels are centred on their tick; y labels are one line of the font's height.
    const extent = scale === 'x' ? context.measureText(text).width : AXIS_FONT_PX;
    labels.push({ text, from: at - extent / 2, to: at + extent / 2 });
  });
  context.restore();
  return labels;
}

/** On a logarithmic axis, ticks and grid lines at the powers of ten only (1, 10, 100, …). */
export const powersOfTen = (_plot: uPlot, splits: number[]): (number | null)[] =>
  splits.map((split) => {
    const power = Math.log10(split);
    return Math.abs(power - Math.round(power)) < 1e-9 ? split : null;
  });

export interface Chart {
  readonly wrapper: HTMLElement;
  readonly plot: uPlot;
  destroy(): void;
}

export interface ChartSetup {
  readonly label: string;
  readonly options: Omit<uPlot.Options, 'width' | 'height'>;
  readonly data: uPlot.AlignedData;
  /** What the tooltip says about bucket `index` (null: nothing to say). */
  readonly describe: (
    index: number,
  ) => { readonly title: string; readonly lines: readonly Child[] } | null;
  /** A bucket picked by click, Enter or Space: open its menu at (x, y). */
  readonly pick: (index: number, at: { x: number; y: number }, opener: HTMLElement) => void;
  /** Dragging across the chart (time chart only): the range in x values. */
  readonly drag?: (from: number, to: number) => void;
}

/** A chart in a focusable wrapper, sized to `width`, following the panel's width from then on. */
export function createChart(setup: ChartSetup, width: number): Chart {
  const tooltip = el('div', { className: 'tooltip', attributes: { 'aria-hidden': 'true' } });
  const live = el('div', { className: 'visually-hidden', attributes: { 'aria-live': 'polite' } });
  const wrapper = el('div', {
    className: 'chart',
    attributes: {
      role: 'group',
      tabindex: 0,
      'aria-roledescription': 'chart',
      'aria-label': `${setup.label}. Arrow keys move between buckets; Enter opens a bucket's menu.`,
    },
  });
  let dragged = false;
  const recording = recordingLabels(setup.options.axes ?? []);
  const hooks: uPlot.Hooks.Arrays = {
    // Drawn: for tests and the benchmark, which time up to here.
    ready: [() => (wrapper.dataset.drawn = 'true')],
    draw: [
      (plot) => {
        const font = (axis: number) =>
          setup.options.axes?.[axis]?.font ?? `${AXIS_FONT_PX}px sans-serif`;
        const ticks = (axis: number, scale: 'x' | 'y') =>
          JSON.stringify(tickLabels(plot, recording.lastOf(axis), scale, font(axis)));
        wrapper.dataset.xTicks = ticks(0, 'x');
        wrapper.dataset.yTicks = ticks(1, 'y');
      },
    ],
    setCursor: [(plot) => show(plot.cursor.idx ?? null, plot)],
    setSelect: [
      (plot) => {
        if (!setup.drag || plot.select.width < 3) return;
        dragged = true;
        const from = plot.posToVal(plot.select.left, 'x');
        const to = plot.posToVal(plot.select.left + plot.select.width, 'x');
        plot.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        setup.drag(from, to);
      },
    ],
  };
  const plot = new uPlot(
    {
      ...setup.options,
      axes: recording.axes,
      width,
      height: PLOT_HEIGHT,
      legend: { show: false },
      cursor: {
        ...setup.options.cursor,
        drag: { x: setup.drag !== undefined, y: false, setScale: false },
      },
      hooks,
    },
    setup.data,
    wrapper,
  );
  append(wrapper, tooltip, live);
  // What the canvas holds, for tests and assistive technology alike.
  wrapper.dataset.series = String(plot.series.length - 1);
  wrapper.dataset.bands = String(setup.options.bands?.length ?? 0);
  wrapper.dataset.points = String(setup.data[0].length);

  function show(index: number | null, chart: uPlot): void {
    const description = index === null ? null : setup.describe(index);
    if (!description) {
      tooltip.classList.remove('visible');
      return;
    }
    replace(
      tooltip,
      el('div', { className: 'tooltip-title' }, description.title),
      ...description.lines,
    );
    tooltip.classList.add('visible');
    const left = chart.cursor.left ?? 0;
    const overLeft = chart.over.offsetLeft;
    const room = wrapper.clientWidth - (overLeft + left);
    // Beside the cursor, on the side with room.
    tooltip.style.left = `${room > tooltip.offsetWidth + 24 ? overLeft + left + 12 : Math.max(0, overLeft + left - tooltip.offsetWidth - 12)}px`;
    tooltip.style.top = `${chart.over.offsetTop + 8}px`;
    live.textContent = `${description.title}. ${tooltip.textContent?.slice(description.title.length) ?? ''}`;
  }

  plot.over.addEventListener('mousedown', () => {
    dragged = false;
  });
  plot.over.addEventListener('click', (event) => {
    const index = plot.cursor.idx;
    if (dragged || index === null || index === undefined) return;
    setup.pick(index, { x: event.pageX, y: event.pageY }, wrapper);
  });

  const xs = setup.data[0];
  let keyIndex = -1;
  wrapper.addEventListener('keydown', (event) => {
    if (event.target !== wrapper || xs.length === 0) return;
    const last = xs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(last, keyIndex + 1),
      ArrowLeft: Math.max(0, keyIndex < 0 ? last : keyIndex - 1),
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      keyIndex = to;
      const left = plot.valToPos(xs[to] as number, 'x');
      plot.setCursor({ left, top: plot.bbox.height / (2 * (window.devicePixelRatio || 1)) });
      event.preventDefault();
    } else if ((event.key === 'Enter' || event.key === ' ') && keyIndex >= 0) {
      const box = plot.over.getBoundingClientRect();
      setup.pick(
        keyIndex,
        {
          x: box.left + window.scrollX + (plot.cursor.left ?? 0),
          y: box.top + window.scrollY + 24,
        },
        wrapper,
      );
      event.preventDefault();
    }
  });

  const resize = new ResizeObserver(() => {
    const available = wrapper.parentElement?.clientWidth;
    if (available && Math.abs(available - plot.width) > 4)
      plot.setSize({ width: available, height: PLOT_HEIGHT });
  });
  queueMicrotask(() => {
    if (wrapper.parentElement) resize.observe(wrapper.parentElement);
  });
  return {
    wrapper,
    plot,
    destroy() {
      resize.disconnect();
      plot.destroy();
    },
  };
}

/** A line of a tooltip: a coloured mark, a name and what it says. */
export function tooltipLine(colour: string | undefined, name: string, text: string): HTMLElement {
  const mark = el('span', { className: 'swatch', attributes: { 'aria-hidden': 'true' } });
  if (colour) mark.style.background = colour;
  return el(
    'div',
    { className: 'tooltip-line' },
    mark,
    el('span', { className: 'tooltip-name' }, name),
    ' ',
    text,
  );
}
