// Sandbox benchmarks: histogram and distribution computation, stream throughput (indexed search
// beside its plain-scan floor: search.ts; start-up: startup.ts).
import { parseQuery } from '../../core/query/parser';
import { computeHistogram } from '../../sandbox/analytics/histogram';
import { CorpusGenerator } from '../../sandbox/corpus/generate';
import { startSandbox } from '../../sandbox/server';
import { DocumentStore } from '../../sandbox/store';
import { measure, type Measurement } from './measure';

/** A 20-operand monitoring query of the shape analysts write. */
export const TWENTY_OPERANDS =
  '(acme OR "acme corp" OR globex OR initech OR hooli) AND (recalls OR lawsuit OR outage OR "rocket skates" OR anvil* OR drone) AND NOT (review OR award) AND (lang:en OR lang:de OR lang:fr) sourcetype:ONLINENEWS -is:retweet engagement:>5';

export interface SandboxBenchRow {
  readonly name: string;
  readonly subject: Measurement;
  readonly floor?: Measurement;
  readonly target?: number;
  readonly unit?: string;
}

export function sandboxComputeBenches(quick: boolean): SandboxBenchRow[] {
  const now = Date.now();
  const store = new DocumentStore();
  for (const document of new CorpusGenerator(42, now).corpus(100_000)) store.add(document);
  const budgetMs = quick ? 500 : 3000;
  // The 20-operand query is timed beside its plain-scan floor in search.ts.
  const rows: SandboxBenchRow[] = [];
  const numbers = store.index.hits(parseQuery('acme OR globex OR initech').query);
  const context = { now, columns: store.columns };
  // Exactly 400 hour buckets: an hour-aligned window (one more bucket would be refused).
  const lastHour = Math.floor(now / 3_600_000) * 3_600_000;
  const hours = {
    min: String(lastHour - 400 * 3_600_000),
    max: String(lastHour),
    interval: 'hour',
    value_type: 'engagement',
  };
  rows.push({
    name: `400-bucket histogram with statistics over ${numbers.length} documents`,
    subject: measure(() => computeHistogram('published', numbers, hours, context), { budgetMs }),
    target: 2,
  });
  rows.push({
    name: `top-10 country distribution over ${numbers.length} documents`,
    subject: measure(() => computeHistogram('country', numbers, { top_n: '10' }, context), {
      budgetMs,
    }),
    target: 2,
  });
  return rows;
}

/** Documents per second from /_sandbox/live to a stream reader over loopback HTTP. */
export async function streamThroughput(
  quick: boolean,
): Promise<{ name: string; perSecond: number }> {
  const sandbox = await startSandbox({ docs: 0, rate: 0, token: 't' });
  try {
    const json = (method: string, body: unknown) => ({
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await fetch(
      `${sandbox.url}/api/v3/stream/s/bench?access_token=t`,
      json('PUT', { rules: [{ rule_id: 'all', query: 'NOT zzzyzx' }] }),
    );
    const total = quick ? 2000 : 20_000;
    const response = await fetch(
      `${sandbox.url}/api/v3/stream/s/bench/results?access_token=t&max_hits=${total}`,
    );
    const reader = response.body!.getReader();
    const started = performance.now();
    const feeding = (async () => {
      for (let sent = 0; sent < total; sent += 1000) {
        const documents = Array.from({ length: 1000 }, (_, index) => ({
          title: `Document ${sent + index}`,
          content: 'A live document of about the size of a short news item. '.repeat(10),
        }));
        await fetch(`${sandbox.url}/_sandbox/live?access_token=t`, json('POST', { documents }));
      }
    })();
    let lines = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    await feeding;
    return {
      name: `stream results to a local reader (${total} documents of ~0.8 KB, incl. control chunks: ${lines})`,
      perSecond: total / ((performance.now() - started) / 1000),
    };
  } finally {
    await sandbox.close();
  }
}
