// The query lab's counts against a sandbox of 20,000 documents over loopback HTTP, as the editor
// asks them (core/lab: the file's rules parsed, each rule's daily counts through the histogram,
// a rule's parts through its count plan): a 10-rule file counted (goal: within 500 ms of
// opening), one edited rule counted again (300 ms once the text settles; the settle time itself,
// 500 ms, is the lab's choice and not counted), and the parts of a 50-operand rule (2 s). The
// floor is the same number of `/api/v1/search/info` calls on the same server, in the same run:
// what the HTTP round trips cost without counting anything. Each sample asks queries no earlier
// sample asked (the sandbox keeps recent queries' hits), with a token exempt from call limits
// and a client governor as wide (the limits would make it a benchmark of waiting).
// "No request while typing" is counted by the in-editor test, where the typing is.
import { RateGovernor } from '../../core/api/client/governor';
import { MediaMonitoringClient } from '../../core/api/client/client';
import { LIMITS_PER_MINUTE } from '../../core/api/limits';
import { CachedCounts } from '../../core/lab/countCache';
import { countPlanOf } from '../../core/lab/countPlan';
import { countQueries } from '../../core/lab/countQueries';
import type { CountSource } from '../../core/lab/countSource';
import { lastDays } from '../../core/lab/countWindow';
import { HistogramCounts } from '../../core/lab/histogramCounts';
import { partsOf } from '../../core/lab/ruleParts';
import { parseFile } from '../../core/query/file';
import { startSandbox } from '../../sandbox/server';
import { ms, verdict, type Row, type Suite } from './suite';

const TOKEN = 'bench-unlimited';
const DOCUMENTS = 20_000;
const WORDS = ['acme', 'globex', 'initech', 'hooli', 'anvil', 'rocket', 'recall', 'drone'];

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** A file of `rules` rules, each unlike any of another sample (`w<sample>`). */
function ruleFile(rules: number, sample: number): string {
  return Array.from({ length: rules }, (_, index) => {
    const words = [WORDS[index % WORDS.length], WORDS[(index + 3) % WORDS.length]];
    return `### r${index}\n(${words.join(' OR ')} OR w${sample}x${index}) AND NOT spam${sample}\n`;
  }).join('\n');
}

export const labBench: Suite = {
  name: 'lab',
  description:
    'the query lab: a 10-rule file counted, an edited rule counted, a 50-operand rule explained, against a 20,000-document sandbox',
  async run({ quick }) {
    const sandbox = await startSandbox({
      docs: DOCUMENTS,
      rate: 0,
      token: 't',
      unlimitedToken: TOKEN,
    });
    const wide = Object.fromEntries(
      Object.keys(LIMITS_PER_MINUTE).map((name) => [name, 1_000_000]),
    ) as Record<keyof typeof LIMITS_PER_MINUTE, number>;
    const client = new MediaMonitoringClient({
      baseUrl: sandbox.url,
      token: TOKEN,
      userAgent: 'bench',
      governor: new RateGovernor(undefined, wide),
    });
    try {
      const samples = quick ? 3 : 9;
      const target = {};
      const window = lastDays(7, Date.now());
      const source = (): CountSource => {
        const histograms = new HistogramCounts(client);
        const cache: CachedCounts = new CachedCounts({
          daily: (request, signal) => histograms.daily(request, signal),
          count: async (request, signal) => (await cache.daily(request, signal)).total,
        });
        return cache;
      };
      const info = async (calls: number) => {
        const started = performance.now();
        await Promise.all(
          Array.from({ length: calls }, () =>
            fetch(`${sandbox.url}/api/v1/search/info?access_token=${TOKEN}`).then((r) => r.text()),
          ),
        );
        return performance.now() - started;
      };
      const file: number[] = [];
      const edit: number[] = [];
      const parts: number[] = [];
      const floors = { file: [] as number[], edit: [] as number[], parts: [] as number[] };
      let plan = 0;
      for (let sample = 0; sample < samples; sample++) {
        // Opening a 10-rule file: parsed, then every rule's count asked at once, as the hints are.
        const counts = source();
        let started = performance.now();
        const rules = parseFile(ruleFile(10, sample), 'bench.mmq').rules;
        await Promise.all(
          rules.map((rule) => counts.daily({ query: rule.queryText, target, window })),
        );
        file.push(performance.now() - started);
        floors.file.push(await info(10));
        // One rule edited: its new text counted, the others found in the cache.
        started = performance.now();
        const edited = parseFile(
          ruleFile(10, sample).replace('r0\n(', 'r0\n(edited OR '),
          'bench.mmq',
        );
        await Promise.all(
          edited.rules.map((rule) => counts.daily({ query: rule.queryText, target, window })),
        );
        edit.push(performance.now() - started);
        floors.edit.push(await info(1));
        // A 50-operand rule's parts: its count plan (101 queries), counted.
        const rule = Array.from({ length: 49 }, (_, index) => `t${sample}x${index}`).join(' OR ');
        started = performance.now();
        const query = parseFile(`### wide\n${rule} OR acme\n`, 'bench.mmq').rules[0]?.parsed.query;
        if (!query) throw new Error('the 50-operand rule did not parse');
        const counted = countPlanOf(partsOf(query));
        plan = counted.queries.length;
        await countQueries(source(), counted.queries, target, window);
        parts.push(performance.now() - started);
        floors.parts.push(await info(plan));
      }
      const row = (name: string, values: number[], floor: number[], goal: number): Row => ({
        name,
        result: ms(median(values)),
        floor: `${ms(median(floor))} (as many /info calls)`,
        ratio: `${(median(values) / median(floor)).toFixed(1)}×`,
        target: `≤ ${goal} ms`,
        verdict: verdict(median(values), goal),
      });
      return [
        row(
          `10-rule file, opened to every count (${DOCUMENTS.toLocaleString('en')} documents)`,
          file,
          floors.file,
          500,
        ),
        row('one rule edited, to its new count', edit, floors.edit, 300),
        row(`a 50-operand rule's parts (${plan} count queries)`, parts, floors.parts, 2000),
      ];
    } finally {
      await client.close();
      await sandbox.close();
    }
  },
};
