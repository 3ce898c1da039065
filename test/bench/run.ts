// `npm run bench`: every benchmark, printed as a Markdown table (with the machine and the date)
// to paste into docs/benchmarks.md. Progress goes to stderr, the table to stdout.
//
//   npm run bench                          everything (bundled, `node --expose-gc`)
//   npm run bench -- --quick               a smoke run: few iterations, numbers not for the docs
//   npm run bench -- --only parse --only server    some suites (or --only parse,server)
//   npm run bench -- --help                the suites
//
// Also runs unbundled for a quick look (`node --expose-gc --import tsx test/bench/run.ts`), but
// tsx's name-keeping helpers slow the parser down (docs/decisions.md), so publish bundled numbers.
// To add a benchmark, add a Suite (suite.ts) to SUITES below.
import { cpus, platform, release } from 'node:os';
import { embeddedStart } from './embedded';
import { median, runInEditor } from './editorRun';
import { collectGarbage, type Measurement } from './measure';
import { streamIngest } from './client';
import { sandboxRestart } from './persistence';
import { panelBench } from './panel';
import { tailBench } from './tail';
import { uploadSuite } from './upload';
import { largeFile } from './largeFile';
import { lintMemory } from './lintMemory';
import { labBench } from './lab';
import { labEditor } from './labEditor';
import { lspEdit } from './lspEdit';
import { QUERY_SUITES } from './query';
import { FLOOR, LOAD_DOCUMENTS, sandboxLoad } from './load';
import { search } from './search';
import { sandboxComputeBenches, streamThroughput } from './sandbox';
import { sandboxStartup, STARTUP_DOCUMENTS } from './startup';
import { markdownTable, ms, timedRow, verdict, type Row, type Suite } from './suite';

const activate: Suite = {
  name: 'activate',
  description:
    'activate() in a fresh VS Code per sample (about 20 s each; target 50 ms), time to the first projects shown, and a Histogram lens click to its chart',
  run({ quick }) {
    // activate() runs once per extension host, so each sample is a fresh VS Code.
    const loads: number[] = [];
    const activations: number[] = [];
    const wholeActivations: number[] = [];
    const firstProjects: number[] = [];
    const restartProjects: number[] = [];
    const lensFirst: number[] = [];
    const lensNext: number[] = [];
    let failure = '';
    for (let run = 0; run < (quick ? 1 : 3); run++) {
      const result = runInEditor('bench');
      const match = /BENCH load ms=([\d.]+) activate ms=([\d.]+) activation ms=([\d.]+)/.exec(
        result.stdout,
      );
      if (match) {
        loads.push(Number(match[1]));
        activations.push(Number(match[2]));
        wholeActivations.push(Number(match[3]));
      } else failure = result.failure ?? result.stdout.slice(-300);
      const data = /BENCH firstProjects ms=(\d+) restartProjects ms=(\d+)/.exec(result.stdout);
      if (data) {
        firstProjects.push(Number(data[1]));
        restartProjects.push(Number(data[2]));
      }
      const lens = /BENCH lensToChart first ms=(\d+) next ms=(\d+)/.exec(result.stdout);
      if (lens) {
        lensFirst.push(Number(lens[1]));
        lensNext.push(Number(lens[2]));
      }
    }
    if (activations.length === 0)
      return [{ name: 'activate()', result: `not measured: ${failure.replace(/\s+/g, ' ')}` }];
    return [
      {
        name: 'activate() itself (module already loaded)',
        result: `${ms(median(activations))} (n=${activations.length}, fresh VS Code each)`,
        target: '≤ 50 ms',
        verdict: verdict(median(activations), 50),
      },
      {
        name: 'VS Code activating it: its context (state, secrets) made, then activate()',
        result: `${ms(median(wholeActivations))} (n=${wholeActivations.length})`,
      },
      {
        name: 'loading dist/extension.js in the extension host',
        result: `${ms(median(loads))} (n=${loads.length})`,
      },
      {
        name: 'activation to the first projects shown (first start: corpus generated)',
        result: `${ms(median(firstProjects))} (n=${firstProjects.length})`,
      },
      {
        name: 'sandbox restart to the projects shown (kept corpus)',
        result: `${ms(median(restartProjects))} (n=${restartProjects.length})`,
        target: '≤ 1 s',
        verdict: verdict(median(restartProjects), 1000),
      },
      {
        name: 'Histogram lens click to the chart drawn, first (panel opens, its bundle loads)',
        result: `${ms(median(lensFirst))} (n=${lensFirst.length})`,
        target: '≤ 500 ms',
        verdict: verdict(median(lensFirst), 500),
      },
      {
        name: 'Histogram lens click to the chart drawn, next runs (median of 5 each)',
        result: `${ms(median(lensNext))} (n=${lensNext.length})`,
        target: '≤ 500 ms',
        verdict: verdict(median(lensNext), 500),
      },
    ];
  },
};

const SANDBOX_SUITES: readonly Suite[] = [
  search,
  {
    name: 'sandbox',
    description: 'histogram and distribution computation (the search itself: see search)',
    run: ({ quick }) =>
      sandboxComputeBenches(quick).map((row) =>
        timedRow(row.name, row.subject, { floor: row.floor, targetMs: row.target }),
      ),
  },
  {
    name: 'sandboxStartup',
    description: `\`mmq sandbox\` start-up with ${STARTUP_DOCUMENTS.toLocaleString('en')} documents, first and from the kept corpus, beside \`node -e ""\` and a start with no corpus (targets 3 s, 1 s)`,
    async run({ quick }) {
      const bench = await sandboxStartup(quick);
      const documents = STARTUP_DOCUMENTS.toLocaleString('en');
      const row = (name: string, subject: Measurement, targetMs?: number): Row => ({
        ...timedRow(name, subject, { floor: bench.empty, targetMs }),
        ratio: `${(subject.median / bench.empty.median).toFixed(1)}× no corpus, ${(subject.median / bench.node.median).toFixed(1)}× node`,
        opsPerSecond: undefined,
      });
      return [
        {
          ...timedRow('`node -e ""` (the floor of any start)', bench.node),
          opsPerSecond: undefined,
        },
        {
          ...timedRow(
            '`mmq sandbox --docs 0`, to `listening` (the floor with the CLI)',
            bench.empty,
          ),
          ratio: `${(bench.empty.median / bench.node.median).toFixed(1)}× node`,
          opsPerSecond: undefined,
        },
        row(
          `\`mmq sandbox\`, ${documents} documents, first start (drafted and indexed)`,
          bench.first,
          3000,
        ),
        row(
          `\`mmq sandbox --corpus-cache\`, ${documents} documents, second start (the kept corpus)`,
          bench.second,
          1000,
        ),
      ];
    },
  },
  {
    name: 'embeddedStart',
    description:
      'the embedded sandbox (worker) start, 20,000 documents: first, and from its kept corpus',
    async run({ quick }) {
      const bench = await embeddedStart(quick);
      const documents = bench.documents.toLocaleString('en');
      const versus = { floor: bench.floor };
      const row = (name: string, subject: Measurement, targetMs?: number): Row => ({
        ...timedRow(name, subject, { ...versus, targetMs }),
        opsPerSecond: undefined,
      });
      return [
        {
          ...timedRow('embedded sandbox start, no corpus (the floor)', bench.floor),
          opsPerSecond: undefined,
        },
        row(
          `first start, ${documents} documents, nowhere to keep them`,
          bench.firstWithoutDirectory,
        ),
        row(`first start, ${documents} documents, kept for the next`, bench.first),
        row(`second start, ${documents} documents from the kept corpus`, bench.second, 1000),
      ];
    },
  },
  {
    name: 'streams',
    description: 'stream results over loopback HTTP',
    async run({ quick }) {
      const result = await streamThroughput(quick);
      return [
        {
          name: result.name,
          result: `${Math.round(result.perSecond).toLocaleString('en')} documents/s`,
        },
      ];
    },
  },
  {
    name: 'persistence',
    description: 'a restart with --data-dir replaying its journal; a journaled write over HTTP',
    async run({ quick }) {
      const bench = await sandboxRestart(quick);
      return [
        { ...timedRow(bench.name, bench.subject, { floor: bench.floor }), opsPerSecond: undefined },
        {
          name: 'a journaled write over loopback HTTP (fsync before the answer), mean',
          result: ms(bench.journaledWriteMs),
        },
        {
          ...timedRow(bench.firehose.name, bench.firehose.subject, { floor: bench.floor }),
          opsPerSecond: undefined,
        },
      ];
    },
  },
  {
    name: 'ingest',
    description: 'client stream ingest with validation beside JSON.parse (≥ 50,000 docs/s, ≤ 2×)',
    async run({ quick }) {
      const bench = await streamIngest(quick);
      const perSecond = (measurement: { median: number }) =>
        Math.round(bench.documents / (measurement.median / 1000));
      const ratio = bench.subject.median / bench.floor.median;
      return [
        {
          name: bench.name,
          result: `${perSecond(bench.subject).toLocaleString('en')} documents/s`,
          floor: `${perSecond(bench.floor).toLocaleString('en')} documents/s`,
          ratio: `${ratio.toFixed(2)}× the time of JSON.parse`,
          target: '≥ 50,000/s, ≤ 2×',
          verdict: perSecond(bench.subject) >= 50_000 && ratio <= 2 ? 'PASS' : 'MISS',
        },
      ];
    },
  },
  {
    name: 'load',
    description: `mmq sandbox (${LOAD_DOCUMENTS.toLocaleString('en')} documents) under autocannon load, histograms beside /info (p99 ≤ 50 ms, ≤ 5× /info)`,
    async run({ quick }) {
      const measured = await sandboxLoad(quick);
      const floor = measured.find((each) => each.target === FLOOR);
      const rate = (perSecond: number) => `${perSecond.toFixed(0)} computed answers/s`;
      return measured.map((each): Row => {
        const row = {
          name: `${each.target.label}, ${LOAD_DOCUMENTS.toLocaleString('en')} documents, 10 connections, limits lifted for the benchmark's token (${each.answers.toLocaleString('en')} answers, all HTTP 200 with status_code "0")`,
          result: `${rate(each.perSecond)}; p50 ${ms(each.p50Ms)}, p99 ${ms(each.p99Ms)}${each.cpuMsPerAnswer === undefined ? '' : `; sandbox CPU ${ms(each.cpuMsPerAnswer)} an answer`}`,
        };
        if (each.target === FLOOR || !floor) return row;
        return {
          ...row,
          floor: rate(floor.perSecond),
          ratio: `${each.timesFloor.toFixed(1)}× fewer`,
          target: 'p99 ≤ 50 ms, ≤ 5× fewer',
          verdict: each.p99Ms <= 50 && each.timesFloor <= 5 ? 'PASS' : 'MISS',
        };
      });
    },
  },
];

const tail: Suite = {
  name: 'tail',
  description:
    'a collector tail over loopback HTTP into a channel-like sink and into NDJSON, beside the raw read; event-loop delay; heap',
  async run({ quick }) {
    const bench = await tailBench(quick);
    const rate = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en')} results/s`;
    const mb = (value: number) => `${value.toFixed(1)} MB`;
    return [
      {
        name: `the client's collector read alone, ${bench.count.toLocaleString('en')} results (the floor)`,
        result: rate(bench.rawPerSecond),
      },
      {
        name: 'a tail into the output channel (lines formatted, batched)',
        result: rate(bench.channelPerSecond),
        floor: rate(bench.rawPerSecond),
        ratio: `${(bench.channelPerSecond / bench.rawPerSecond).toFixed(2)}× the raw rate`,
      },
      {
        name: '… and into the NDJSON record, a checkpoint per batch',
        result: rate(bench.recordPerSecond),
        floor: rate(bench.rawPerSecond),
        ratio: `${(bench.recordPerSecond / bench.rawPerSecond).toFixed(2)}× the raw rate`,
      },
      {
        name: 'event-loop delay while tailing into the channel, p99 (max)',
        result: `${bench.delayP99Ms.toFixed(1)} ms (${bench.delayMaxMs.toFixed(1)} ms)`,
      },
      {
        name: `a stream's tail while 5,000 documents a second arrive live: rate; event-loop delay p99 (max)`,
        result: `${rate(bench.paced.perSecond)}; ${bench.paced.delayP99Ms.toFixed(1)} ms (${bench.paced.delayMaxMs.toFixed(1)} ms)`,
      },
      {
        name: 'heap after a GC: before the tails → after (peak while tailing)',
        result: `${mb(bench.heapBeforeMb)} → ${mb(bench.heapAfterMb)} (${mb(bench.heapPeakMb)})`,
      },
    ];
  },
};

const panel: Suite = {
  name: 'panel',
  description:
    'the results panel in headless Chromium: first render of a 400 × 3 time chart with a forecast (target 50 ms), bundle size gzipped (target 60 KB)',
  async run({ quick }) {
    const bench = await panelBench(quick);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    return [
      {
        ...timedRow('a plain 400-row table built and laid out (the floor)', bench.table),
        opsPerSecond: undefined,
      },
      {
        ...timedRow(
          'first render: 400 buckets × 3 series with a 14-day forecast band, message to chart drawn',
          bench.chart,
          { floor: bench.table, targetMs: 50 },
        ),
        opsPerSecond: undefined,
      },
      {
        ...timedRow('the same answer again in that page (warm)', bench.again, {
          floor: bench.table,
          targetMs: 50,
        }),
        opsPerSecond: undefined,
      },
      {
        name: 'dist/media/results.js + results.css, gzipped',
        result: `${kb(bench.bundleGzip)} (script ${kb(bench.scriptGzip)}, style ${kb(bench.styleGzip)})`,
        floor: `${kb(bench.uplotGzip)} (uPlot's own minified build)`,
        ratio: `${(bench.bundleGzip / bench.uplotGzip).toFixed(1)}×`,
        target: '≤ 60 KB',
        verdict: verdict(bench.bundleGzip / 1024, 60),
      },
    ];
  },
};

/** Every suite, in the order they run. */
const SUITES: readonly Suite[] = [
  ...QUERY_SUITES,
  largeFile,
  lspEdit,
  lintMemory,
  activate,
  ...SANDBOX_SUITES,
  tail,
  uploadSuite,
  panel,
  labBench,
  labEditor,
];

function parseArguments(args: readonly string[]): { quick: boolean; only: Set<string> } {
  const only = new Set<string>();
  let quick = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === '--quick') quick = true;
    else if (arg === '--only') for (const name of (args[++index] ?? '').split(',')) only.add(name);
    else if (arg?.startsWith('--only=')) for (const name of arg.slice(7).split(',')) only.add(name);
    else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run bench -- [--quick] [--only <suite>[,<suite>]]…\n\nsuites:');
      for (const suite of SUITES) console.log(`  ${suite.name.padEnd(16)}${suite.description}`);
      process.exit(0);
    } else throw new Error(`unknown argument \`${arg}\` (see --help)`);
  }
  const unknown = [...only].filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0)
    throw new Error(
      `unknown suite ${unknown.join(', ')}; suites: ${SUITES.map((s) => s.name).join(', ')}`,
    );
  return { quick, only };
}

let parsed: ReturnType<typeof parseArguments>;
try {
  parsed = parseArguments(process.argv.slice(2));
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const { quick, only } = parsed;
const options = { quick, budgetMs: quick ? 300 : 3000 };
const rows: Row[] = [];
let failed = false;
for (const suite of SUITES) {
  if (only.size > 0 && !only.has(suite.name)) continue;
  process.stderr.write(`running ${suite.name}…\n`);
  collectGarbage();
  const started = performance.now();
  try {
    rows.push(...(await suite.run(options)));
  } catch (error: unknown) {
    // One broken suite should not hide the others' numbers; the exit status still says so.
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    rows.push({ name: `${suite.name} suite`, result: `FAILED: ${message}` });
  }
  process.stderr.write(`  ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
console.log(
  `\n## ${new Date().toISOString().slice(0, 10)} · ${cpu} (${cpus().length} cores) · Node ${process.version} · ${platform()} ${release()}${quick ? ' · --quick (smoke run)' : ''}\n`,
);
console.log(markdownTable(rows));
console.log(
  '\nMedians; ops/s from the total time of the timed iterations. Floors are measured in the same run: for parsing, ' +
    'the recognizer of test/bench/recognizer.ts on the same text; for the server start, `node -e ""`; ' +
    'for the language server on a large file, a server of the same libraries that only holds the document (test/bench/floorServer.mjs); ' +
    "for the embedded sandbox, its worker started with no corpus; for uploads, the client's uploadAll of the " +
    'same documents from memory, and `mmq upload` of an empty file for its memory.',
);
if (failed) process.exitCode = 1;
