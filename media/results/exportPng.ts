// Export PNG: the view drawn on a canvas of its own in the current theme's colours, with the
// title on top, and returned as a data URL (the extension saves it; downloads in webviews are
// unreliable). Charts copy uPlot's canvas and add their legend; tables are drawn as bars.
import type { BarPicture } from './rendered';
import { chartTheme } from './theme';

const PADDING = 16;
const LINE = 20;

function canvas(
  width: number,
  height: number,
): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const scale = window.devicePixelRatio || 1;
  const element = document.createElement('canvas');
  element.width = Math.ceil(width * scale);
  element.height = Math.ceil(height * scale);
  const context = element.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.scale(scale, scale);
  const theme = chartTheme();
  context.fillStyle = theme.background;
  context.fillRect(0, 0, width, height);
  context.font = `13px ${theme.font}`;
  context.textBaseline = 'middle';
  return { canvas: element, context };
}

/** A chart: its title, uPlot's canvas as drawn, and a legend of coloured names. */
export function chartPng(
  title: string,
  plot: HTMLCanvasElement,
  legend: readonly { readonly label: string; readonly colour: string }[],
): string {
  const scale = window.devicePixelRatio || 1;
  const width = plot.width / scale + 2 * PADDING;
  const height = plot.height / scale + 2 * PADDING + 2 * LINE;
  const { canvas: element, context } = canvas(width, height);
  const theme = chartTheme();
  context.fillStyle = theme.foreground;
  context.fillText(title, PADDING, PADDING + LINE / 2);
  context.drawImage(plot, PADDING, PADDING + LINE, plot.width / scale, plot.height / scale);
  let x = PADDING;
  const y = height - PADDING - LINE / 2;
  for (const entry of legend) {
    context.fillStyle = entry.colour;
    context.fillRect(x, y - 5, 10, 10);
    context.fillStyle = theme.foreground;
    context.fillText(entry.label, x + 14, y);
    x += 14 + context.measureText(entry.label).width + 16;
  }
  return element.toDataURL('image/png');
}

/** A table's rows as horizontal bars with their labels and values. */
export function barsPng(picture: BarPicture): string {
  const theme = chartTheme();
  const labelWidth = 180;
  const barWidth = 360;
  const textWidth = 140;
  const width = 2 * PADDING + labelWidth + barWidth + textWidth;
  const height = 2 * PADDING + LINE * (picture.rows.length + 1.5);
  const { canvas: element, context } = canvas(width, height);
  context.fillStyle = theme.foreground;
  context.fillText(picture.title, PADDING, PADDING + LINE / 2);
  const largest = Math.max(0, ...picture.rows.map((row) => row.value));
  picture.rows.forEach((row, index) => {
    const y = PADDING + LINE * (index + 1.5) + LINE / 2;
    context.fillStyle = theme.foreground;
    context.fillText(fit(context, row.label, labelWidth - 8), PADDING, y);
    context.fillStyle = theme.series[0] ?? theme.foreground;
    const length = largest > 0 ? (row.value / largest) * barWidth : 0;
    context.fillRect(PADDING + labelWidth, y - 6, Math.max(1, length), 12);
    context.fillStyle = theme.muted;
    context.fillText(row.text, PADDING + labelWidth + barWidth + 8, y);
  });
  return element.toDataURL('image/png');
}

function fit(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
