// The cost of starting `mmq` for a small job: `mmq --version`, and `mmq lint` of a one-rule file,
// beside `node -e ""`, the floor of any Node command. Each runs in a process of its own with
// processUsage.cjs reporting the process's CPU time and peak resident set at exit; the three are
// run in turn, round after round, so that a slow moment of the machine falls on all of them.
// CPU time rather than wall time: on a shared machine the wall clock counts other processes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { summarise, type Measurement } from './measure';
import { ms, type Row, type Suite } from './suite';

interface Usage {
  readonly cpuMs: number;
  readonly maxRssBytes: number;
}

/** Runs `node --require processUsage.cjs …args` and answers what it reported (exit status one of `statuses`). */
export async function usageOf(
  args: readonly string[],
  statuses: readonly number[] = [0],
): Promise<Usage> {
  const child = spawn(
    process.execPath,
    ['--require', resolve('test/bench/processUsage.cjs'), ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((done, fail) => {
    child.on('error', fail);
    child.on('close', done);
  });
  const report = /^BENCH usage (\{.*\})$/m.exec(stderr);
  if (status === null || !statuses.includes(status) || !report)
    throw new Error(`node ${args.join(' ')}: exit ${status}: ${stderr}`);
  return JSON.parse(report[1] ?? '') as Usage;
}

const MB = 1024 * 1024;

/** Bytes of the files a module of dist/cli/ loads before it runs: itself and its static imports. */
function loadedBytes(files: readonly string[]): number {
  const seen = new Set<string>();
  let bytes = 0;
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    bytes += Buffer.byteLength(text);
    for (const match of text.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g))
      visit(join(dirname(file), match[1] ?? ''));
  };
  for (const file of files) visit(file);
  return bytes;
}

/** The sizes of the CLI's code: all of it, and what `--version` and `lint` load. */
function codeSizes(): Row[] {
  const chunks = readdirSync('dist/cli/chunks').map((name) => join('dist/cli/chunks', name));
  const all = ['dist/cli.js', 'dist/cli/main.mjs', ...chunks];
  const total = all.reduce((sum, file) => sum + statSync(file).size, 0);
  const lint = chunks.filter((file) => /\/lint-[^/]*\.mjs$/.test(file));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  return [
    { name: "the CLI's code, dist/cli.js and dist/cli/", result: kb(total) },
    {
      name: '… loaded by `mmq --version`',
      result: kb(statSync('dist/cli.js').size + loadedBytes(['dist/cli/main.mjs'])),
    },
    {
      name: '… loaded by `mmq lint`',
      result: kb(statSync('dist/cli.js').size + loadedBytes(['dist/cli/main.mjs', ...lint])),
    },
  ];
}

export const cliStart: Suite = {
  name: 'cliStart',
  description:
    '`mmq --version` and `mmq lint` of a one-rule file: CPU time and peak RSS beside `node -e ""` (≤ 1.5×)',
  async run({ quick }) {
    const directory = mkdtempSync(join(tmpdir(), 'mm-bench-cli-'));
    const file = join(directory, 'rule.mmq');
    writeFileSync(file, '### acme\nacme OR "acme corp" lang:en\n');
    const commands = {
      floor: ['-e', ''],
      version: ['dist/cli.js', '--version'],
      lint: ['dist/cli.js', 'lint', file],
    } as const;
    const cpu = { floor: [] as number[], version: [] as number[], lint: [] as number[] };
    const rss = { floor: [] as number[], version: [] as number[], lint: [] as number[] };
    try {
      for (const args of Object.values(commands)) await usageOf(args); // the file system cache
      for (let round = 0; round < (quick ? 3 : 15); round++) {
        for (const name of ['floor', 'version', 'lint'] as const) {
          const usage = await usageOf(commands[name]);
          cpu[name].push(usage.cpuMs);
          rss[name].push(usage.maxRssBytes / MB);
        }
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    const floor: Measurement = summarise(cpu.floor);
    const floorRss = summarise(rss.floor).median;
    const row = (name: string, label: string): Row => {
      const subject = summarise(cpu[name as keyof typeof cpu]);
      const times = subject.median / floor.median;
      const memory = summarise(rss[name as keyof typeof rss]).median;
      return {
        name: label,
        result: `${ms(subject.median)} CPU; ${memory.toFixed(1)} MB peak RSS`,
        p95: ms(subject.p95),
        floor: `${ms(floor.median)} CPU; ${floorRss.toFixed(1)} MB`,
        ratio: `${times.toFixed(2)}× CPU, ${(memory / floorRss).toFixed(2)}× RSS`,
        target: '≤ 1.5× CPU',
        verdict: times <= 1.5 ? 'PASS' : 'MISS',
      };
    };
    return [
      {
        name: '`node -e ""` (the floor)',
        result: `${ms(floor.median)} CPU; ${floorRss.toFixed(1)} MB peak RSS`,
        p95: ms(floor.p95),
      },
      row('version', '`mmq --version`'),
      row('lint', '`mmq lint` of a one-rule file'),
      ...codeSizes(),
    ];
  },
};
