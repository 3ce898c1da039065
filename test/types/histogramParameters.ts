// Compile-time tests, run by the type check (`npm test`'s typecheck stage): histogram parameters
// are typed per type. Each @ts-expect-error fails the type check if its line ever compiles.
import type { MediaMonitoringClient } from '../../core/api/client/client';

export function wrongHistogramParameters(client: MediaMonitoringClient): unknown[] {
  return [
    // @ts-expect-error numeric histograms take a number as the interval, not a calendar unit
    client.histograms.global('engagement', { q: 'x', interval: 'hour' }),
    // @ts-expect-error only time histograms take a breakdown
    client.histograms.global('language', { q: 'x', breakdown: 'sentiment' }),
    // @ts-expect-error a global histogram needs q
    client.histograms.global('published', { interval: 'day' }),
    // @ts-expect-error top_n belongs to distributions
    client.histograms.project('p', 'published', { top_n: 5 }),
  ];
}

export function rightHistogramParameters(client: MediaMonitoringClient): unknown[] {
  return [
    client.histograms.global('published', { q: 'x', interval: '2w', breakdown: 'country' }),
    client.histograms.global('engagement', { q: 'x', interval: 100 }),
    client.histograms.project('p', 'language', { top_n: 5, topic: ['t'] }),
  ];
}
