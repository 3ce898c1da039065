// How the lab writes a count where a rule is: the inlay hint's short label (`1,204 in 7 d`) and
// the hover's sparkline of the daily counts. Pure text, so that the unit tests read it exactly.
import type { DailyCounts } from '../../../core/lab/countSource';

/** The block characters of a sparkline, lowest first. */
const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** `1,204 in 7 d`: what a rule's header line shows. */
export function countLabel(total: number, days: number): string {
  return `${total.toLocaleString('en')} in ${days} d`;
}

/**
 * One block a day, scaled to the busiest day. A day with no document is the lowest block, so
 * that the line keeps one character a day and reads as a time axis; an empty window is flat.
 */
export function sparkline(days: DailyCounts['days']): string {
  const most = Math.max(0, ...days.map((day) => day.count));
  return days
    .map((day) => {
      if (most === 0 || day.count <= 0) return BLOCKS[0];
      const level = Math.ceil((day.count / most) * (BLOCKS.length - 1));
      return BLOCKS[Math.min(level, BLOCKS.length - 1)];
    })
    .join('');
}

/** The days of the window with their counts, `Nov 21: 172`, oldest first (the hover's detail). */
export function dayLines(days: DailyCounts['days']): string[] {
  return days.map((day) => {
    const date = new Date(day.start).toLocaleDateString('en', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    return `${date}: ${day.count.toLocaleString('en')}`;
  });
}

/** `312 · 40 only`: what an operand matches within the rule, and what only it brings. */
export function operandLabel(count: number, only: number): string {
  return `${count.toLocaleString('en')} · ${Math.max(0, only).toLocaleString('en')} only`;
}

/** `−85`: what an exclusion removes (a minus sign, not a hyphen: it reads as a number). */
export function exclusionLabel(removed: number): string {
  return `−${Math.max(0, removed).toLocaleString('en')}`;
}
