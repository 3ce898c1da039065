// `npm run bench`: the query language's benchmarks, printed as a Markdown table to paste into
// docs/benchmarks.md. Flags: --quick (few iterations), --only <suite> (repeatable).
import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { analyzeText } from '../../core/query/analysis';
import { parseFile } from '../../core/query/file';
import { editInMiddle, generateFile } from './generate';
import { measure, measureAsync, type Measurement } from './measure';
import { recognize } from './recognizer';
import { sandboxComputeBenches, sandboxLoad, sandboxStartup, streamThroughput } from './sandbox';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.flatMap((arg, index) => (args[index - 1] === '--only' ? [arg] : []));
const budgetMs = quick ? 300 : 3000;

interface Row {
  readonly name: string;
  readonly result: string;
  readonly floor?: string;
  readonly ratio?: string;
  readonly target?: string;
  readonly verdict?: 'PASS' | 'MISS';
}

const rows: Row[] = [];
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;
const verdict = (value: number, limit: number): 'PASS' | 'MISS' =>
  value <= limit ? 'PASS' : 'MISS';

const SIZES = [
  { label: '10 KB', bytes: 10_000 },
  { label: '100 KB', bytes: 100_000 },
  { label: '1 MB', bytes: 1_000_000 },
];

function compare(name: string, subject: Measurement, floor: Measurement, target?: number): Row {
  return {
    name,
    result: `${ms(subject.median)} (p95 ${ms(subject.p95)})`,
    floor: ms(floor.median),
    ratio:
      subject.median < floor.median
        ? `${(floor.median / subject.median).toFixed(0)}× faster`
        : `${(subject.median / floor.median).toFixed(1)}×`,
    target: target === undefined ? undefined : `≤ ${target} ms`,
    verdict: target === undefined ? undefined : verdict(subject.median, target),
  };
}

const suites: Record<string, () => Promise<void> | void> = {
  parse() {
    for (const size of SIZES) {
      const text = generateFile(size.bytes);
      if (!recognize(text))
        throw new Error(`the recognizer rejects the generated ${size.label} file`);
      const floor = measure(() => recognize(text), { budgetMs });
      rows.push(
        compare(
          `lex + parse, ${size.label}`,
          measure(() => parseFile(text, 'bench.mmq'), { budgetMs }),
          floor,
        ),
      );
      rows.push(
        compare(
          `lex + parse + diagnostics, ${size.label}`,
          measure(() => analyzeText(text, 'bench.mmq'), { budgetMs }),
          floor,
        ),
      );
    }
  },
  reanalyse() {
    for (const [size, target] of [
      [SIZES[0]!, 3],
      [SIZES[1]!, 50],
    ] as const) {
      const edited = editInMiddle(generateFile(size.bytes));
      const floor = measure(() => recognize(edited), { budgetMs });
      rows.push(
        compare(
          `re-analysis after a one-character edit, ${size.label}`,
          measure(() => analyzeText(edited, 'bench.mmq'), { budgetMs }),
          floor,
          target,
        ),
      );
    }
  },
  async server() {
    const server = resolve('dist/server.js');
    const iterations = quick ? 3 : 10;
    const start = await measureAsync(() => initializeServer(server), iterations);
    const floor = await measureAsync(() => spawnAndExit(), iterations);
    rows.push(compare('language server start to initialize result', start, floor, 60));
  },
  activate() {
    // activate() runs once per extension host, so each sample is a fresh VS Code (about 10 s).
    const loads: number[] = [];
    const activations: number[] = [];
    let failure = '';
    for (let run = 0; run < (quick ? 1 : 3); run++) {
      const result = spawnSync('node', ['test/vscode/harness/run.mjs'], {
        env: { ...process.env, VSCODE_SUITE: 'bench' },
        encoding: 'utf8',
        timeout: 240_000,
      });
      const match = /BENCH load ms=([\d.]+) activate ms=([\d.]+)/.exec(result.stdout);
      if (match) {
        loads.push(Number(match[1]));
        activations.push(Number(match[2]));
      } else failure = `${result.stdout.slice(-300)}${result.stderr.slice(-300)}`;
    }
    if (activations.length === 0) {
      rows.push({ name: 'activate()', result: `not measured: ${failure.replace(/\s+/g, ' ')}` });
      return;
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    rows.push({
      name: 'activate() (module already loaded)',
      result: `${ms(median(activations))} (n=${activations.length}, fresh VS Code each)`,
      target: '≤ 50 ms',
      verdict: verdict(median(activations), 50),
    });
    rows.push({
      name: 'loading dist/extension.js in the extension host',
      result: `${ms(median(loads))} (n=${loads.length})`,
    });
  },
  sandbox() {
    for (const row of sandboxComputeBenches(quick)) {
      rows.push(
        row.floor
          ? compare(row.name, row.subject, row.floor, row.target)
          : {
              name: row.name,
              result: `${ms(row.subject.median)} (p95 ${ms(row.subject.p95)})`,
              target: row.target ? `≤ ${row.target} ms` : undefined,
              verdict: row.target ? verdict(row.subject.median, row.target) : undefined,
            },
      );
    }
  },
  async sandboxStartup() {
    const row = await sandboxStartup(quick);
    rows.push({
      name: row.name,
      result: `${ms(row.subject.median)}`,
      target: '≤ 3000 ms',
      verdict: verdict(row.subject.median, 3000),
    });
  },
  async streams() {
    const result = await streamThroughput(quick);
    rows.push({
      name: result.name,
      result: `${Math.round(result.perSecond).toLocaleString('en')} documents/s`,
    });
  },
  async load() {
    for (const result of await sandboxLoad(quick))
      rows.push({ name: result.name, result: result.result });
  },
  bundles() {
    for (const [file, target] of [
      ['dist/extension.js', 500],
      ['dist/server.js', undefined],
      ['dist/cli.js', undefined],
    ] as const) {
      const kilobytes = statSync(file).size / 1024;
      rows.push({
        name: `${file} size`,
        result: `${kilobytes.toFixed(0)} KB`,
        target: target ? `≤ ${target} KB` : undefined,
        verdict: target ? verdict(kilobytes, target) : undefined,
      });
    }
  },
};

/** Spawns the server and resolves when its answer to `initialize` arrives. */
function initializeServer(server: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [server, '--stdio'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    child.stdout.once('data', () => {
      child.kill();
      resolvePromise();
    });
    child.on('error', reject);
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

/** The floor of a server start: spawning Node and hearing back from it. */
function spawnAndExit(): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-e', 'process.stdout.write("x")'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout.once('data', () => resolvePromise());
    child.on('error', reject);
  });
}

for (const [name, suite] of Object.entries(suites)) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stderr.write(`running ${name}…\n`);
  await suite();
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\n${new Date().toISOString().slice(0, 10)} · ${cpu} · ${cpus().length} cores · Node ${process.version}${quick ? ' · --quick' : ''}\n`,
);
console.log('| benchmark | result (median) | floor | ratio | target | |');
console.log('|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.name} | ${row.result} | ${row.floor ?? ''} | ${row.ratio ?? ''} | ${row.target ?? ''} | ${row.verdict ?? ''} |`,
  );
