// The query language's benchmarks: parsing and analysis beside the recognizer floor, re-analysis
// after an edit (the language server's case), the language server's start, the bundles' sizes.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyzeText } from '../../core/query/analysis';
import { parseFile } from '../../core/query/file';
import { cliStart } from './cliStart';
import { edit } from './edit';
import { generateFile, oneCharacterEdit } from './generate';
import { elapsedMs, measure, summarise, type Measurement } from './measure';
import { recognize } from './recognizer';
import { timedRow, verdict, type Row, type Suite } from './suite';

const SIZES = [
  { label: '10 KB', bytes: 10_000 },
  { label: '100 KB', bytes: 100_000 },
  { label: '1 MB', bytes: 1_000_000 },
] as const;

const FILE_NAME = 'bench.mmq';

/**
 * Checked once before timing: the floor must accept the text (or it is not a floor of parsing
 * it), and the text must hold no error, so that every parser is timed on a valid file.
 */
function checkedText(text: string, label: string): string {
  if (!recognize(text)) throw new Error(`the recognizer rejects the ${label} file`);
  const errors = analyzeText(text, FILE_NAME).diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new Error(`the ${label} file has ${errors.length} errors, first: ${errors[0]?.message}`);
  return text;
}

const parse: Suite = {
  name: 'parse',
  description: 'parseFile and analyzeText of 10 KB, 100 KB and 1 MB files beside the recognizer',
  run({ budgetMs }) {
    const rows: Row[] = [];
    for (const size of SIZES) {
      const text = checkedText(generateFile(size.bytes), size.label);
      const floor = measure(() => recognize(text), { budgetMs });
      const parsed = measure(() => parseFile(text, FILE_NAME), { budgetMs });
      const analysed = measure(() => analyzeText(text, FILE_NAME), { budgetMs });
      rows.push(
        timedRow(`lex + parse (parseFile), ${size.label}`, parsed, { floor }),
        timedRow(`lex + parse + diagnostics (analyzeText), ${size.label}`, analysed, { floor }),
      );
    }
    return rows;
  },
};

const reanalyse: Suite = {
  name: 'reanalyse',
  description:
    'analyzeText of the whole file after a one-character edit, 10 KB and 100 KB (targets 3 and 50 ms; the server re-analyses less: see edit)',
  run({ budgetMs }) {
    const rows: Row[] = [];
    for (const [size, targetMs] of [
      [SIZES[0], 3],
      [SIZES[1], 50],
    ] as const) {
      const edited = checkedText(
        oneCharacterEdit(generateFile(size.bytes)),
        `edited ${size.label}`,
      );
      const floor = measure(() => recognize(edited), { budgetMs });
      rows.push(
        timedRow(
          `re-analysis after a one-character edit (analyzeText), ${size.label}`,
          measure(() => analyzeText(edited, FILE_NAME), { budgetMs }),
          { floor, targetMs },
        ),
      );
    }
    return rows;
  },
};

/** Resolves when `child` has exited (or at once if it already has). */
function exited(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/**
 * Spawns the server, sends `initialize` and times until its response arrives (LSP framing
 * parsed, so a notification sent first is not mistaken for it). Clean-up is not timed.
 */
async function initializeOnce(server: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [server, '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env,
  });
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { processId: process.pid, rootUri: null, capabilities: {} },
  });
  child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  try {
    await new Promise<void>((answered, fail) => {
      let buffer = Buffer.alloc(0);
      child.on('error', fail);
      child.once('exit', (code) => fail(new Error(`the server exited (${code}) before answering`)));
      child.stdout.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          const headerEnd = buffer.indexOf('\r\n\r\n');
          if (headerEnd < 0) return;
          const length = Number(
            /Content-Length: (\d+)/i.exec(String(buffer.subarray(0, headerEnd)))?.[1],
          );
          const end = headerEnd + 4 + length;
          if (buffer.length < end) return;
          const message = JSON.parse(String(buffer.subarray(headerEnd + 4, end))) as {
            id?: unknown;
          };
          buffer = buffer.subarray(end);
          if (message.id === 1) answered();
        }
      });
    });
    return elapsedMs(started);
  } finally {
    child.kill();
    await exited(child);
  }
}

/** The floor of any Node server's start: `node -e ""`, spawned and exited. */
async function emptyNodeOnce(env: NodeJS.ProcessEnv): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore', env });
  await new Promise<void>((done, fail) => {
    child.on('error', fail);
    child.once('exit', () => done());
  });
  return elapsedMs(started);
}

/**
 * Starts of the server, of the minimal server on the same library (test/bench/minimalServer.ts,
 * the floor) and of `node -e ""`, interleaved so that a slow moment hits all three.
 */
async function serverStarts(
  path: string,
  minimalPath: string,
  iterations: number,
  env: NodeJS.ProcessEnv,
): Promise<{ start: Measurement; minimal: Measurement; node: Measurement }> {
  // Warm-up: the file system cache, the first spawns.
  await initializeOnce(path, env);
  await initializeOnce(minimalPath, env);
  await emptyNodeOnce(env);
  const starts: number[] = [];
  const minimals: number[] = [];
  const nodes: number[] = [];
  for (let index = 0; index < iterations; index++) {
    nodes.push(await emptyNodeOnce(env));
    minimals.push(await initializeOnce(minimalPath, env));
    starts.push(await initializeOnce(path, env));
  }
  return { start: summarise(starts), minimal: summarise(minimals), node: summarise(nodes) };
}

const MAX_START_RATIO = 1.1;

const server: Suite = {
  name: 'server',
  description:
    'language server spawn to initialize result, beside a minimal server on the same library (≤ 1.1×) and `node -e ""`',
  async run({ quick }) {
    const path = resolve('dist/server.js');
    const minimalPath = resolve('out/bench/minimalServer.cjs');
    if (!existsSync(path)) throw new Error('dist/server.js is missing: run `npm run build` first');
    if (!existsSync(minimalPath))
      throw new Error('out/bench/minimalServer.cjs is missing: run test/bench/build.mjs first');
    const iterations = quick ? 3 : 15;
    const variants: { label: string; env: NodeJS.ProcessEnv }[] = [
      { label: `n=${iterations}`, env: process.env },
    ];
    // Node 20 reads and parses every certificate named by NODE_EXTRA_CA_CERTS when it starts, in
    // every process (about 30 ms on the reference machine): a cost of the environment, not of
    // the server, that a user's VS Code does not usually pay. When it is set, both are shown.
    if (process.env.NODE_EXTRA_CA_CERTS) {
      const env = { ...process.env };
      delete env.NODE_EXTRA_CA_CERTS;
      variants[0] = { label: `n=${iterations}, NODE_EXTRA_CA_CERTS set as here`, env: process.env };
      variants.push({ label: `n=${iterations}, without NODE_EXTRA_CA_CERTS`, env });
    }
    const rows: Row[] = [];
    for (const { label, env } of variants) {
      const { start, minimal, node } = await serverStarts(path, minimalPath, iterations, env);
      const times = start.median / minimal.median;
      rows.push(
        {
          ...timedRow(`language server start: spawn to initialize result (${label})`, start, {
            floor: minimal,
          }),
          target: `≤ ${MAX_START_RATIO}× the minimal server`,
          verdict: times <= MAX_START_RATIO ? 'PASS' : 'MISS',
        },
        timedRow(`floor: a minimal server on vscode-languageserver, the same (${label})`, minimal, {
          floor: node,
        }),
        timedRow(`\`node -e ""\` spawn to exit (${label})`, node),
      );
    }
    return rows;
  },
};

/** dist/<feature>.js: everything under dist/ but the entry points above, the CLI and test hooks. */
const FEATURE_BUNDLE =
  /^(?!(extension|server|serverFeatures|api|sandbox|cli|testHooks)\.js$)[a-zA-Z]+\.js$/;

const bundles: Suite = {
  name: 'bundles',
  description:
    'sizes of dist/extension.js (target 500 KB), and of the server and the lazily loaded client, sandbox and feature bundles (the CLI: see cliStart)',
  run() {
    return (
      [
        ['dist/extension.js', 500],
        ['dist/server.js', undefined],
        ['dist/api.js', undefined],
        ['dist/sandbox.js', undefined],
        // Each feature's bundle, loaded on its first use (src/features/<feature>/index.ts).
        ...readdirSync('dist')
          .filter((name) => name.endsWith('.js') && FEATURE_BUNDLE.test(name))
          .sort()
          .map((name) => [`dist/${name}`, undefined] as const),
      ] as const
    ).map(([file, targetKb]): Row => {
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
      const kilobytes = statSync(file).size / 1024;
      return {
        name: `${file} size`,
        result: `${kilobytes.toFixed(0)} KB`,
        target: targetKb === undefined ? undefined : `≤ ${targetKb} KB`,
        verdict: targetKb === undefined ? undefined : verdict(kilobytes, targetKb),
      };
    });
  },
};

export const QUERY_SUITES: readonly Suite[] = [parse, reanalyse, edit, server, bundles, cliStart];
