// The sandbox under load: `mmq sandbox` with 100,000 documents in another process, 10
// connections from autocannon in this one, on loopback. Only computed answers count: HTTP 200
// with status_code "0". Anything else (a refusal, an error envelope, a transport error) fails the
// benchmark, so that a rate limit or a broken endpoint cannot pass for throughput. The benchmark's
// token is exempt from the call limits (`--unlimited-token`), which the output says.
//
// The floor is `/api/v1/search/info` on the same server in the same run: the cost of the HTTP
// path, the token check and the envelope with nearly no work of its own. Endpoints are loaded in
// turn, round after round, and each ratio compares the two runs of one round (the machine's load
// changes between rounds more than within one).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const TOKEN = 'bench-unlimited';
const CONNECTIONS = 10;
export const LOAD_DOCUMENTS = 100_000;

export interface LoadTarget {
  readonly label: string;
  readonly path: string;
}

/** The answers of one endpoint, over the rounds. */
export interface LoadMeasurement {
  readonly target: LoadTarget;
  /** Computed answers per second, median over the rounds. */
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The floor's rate over this endpoint's, median over the rounds' pairs; 1 for the floor. */
  readonly timesFloor: number;
  readonly answers: number;
  /**
   * The sandbox's CPU time per computed answer (Linux: /proc), median over the rounds: steadier
   * than rates on a shared machine, where the load changes from one round to the next.
   */
  readonly cpuMsPerAnswer: number | undefined;
}

export const FLOOR: LoadTarget = {
  label: '`GET /api/v1/search/info` (the floor)',
  path: '/api/v1/search/info',
};

const query = encodeURIComponent('acme OR globex');
export const HISTOGRAMS: readonly LoadTarget[] = [
  {
    label: 'global histogram `language` (top 10), `acme OR globex`',
    path: `/api/v1/search/histogram/language?q=${query}`,
  },
  {
    label: 'global histogram `published` (daily, 30 days), `acme OR globex`',
    path: `/api/v1/search/histogram/published?q=${query}&time_range=30d&interval=day`,
  },
];

/** Whether an answer is a computed one: the envelope's status_code "0". */
function computed(body: string): boolean {
  try {
    return (JSON.parse(body) as { status_code?: unknown }).status_code === '0';
  } catch {
    return false;
  }
}

/** A few answers one at a time, each of them computed: the JIT and what the sandbox builds on first use. */
async function warm(base: string, target: LoadTarget): Promise<void> {
  const url = new URL(target.path, base);
  url.searchParams.set('access_token', TOKEN);
  for (let call = 0; call < 20; call++) {
    const response = await fetch(url);
    const body = await response.text();
    if (response.status !== 200 || !computed(body))
      throw new Error(`${target.label}: HTTP ${response.status} ${body.slice(0, 300)}`);
  }
}

interface Round {
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly answers: number;
  readonly cpuMsPerAnswer: number | undefined;
}

/** CPU milliseconds a process has used (user and system), where /proc tells. */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function loadOnce(
  base: string,
  target: LoadTarget,
  seconds: number,
  server: ChildProcess,
): Promise<Round> {
  const url = new URL(target.path, base);
  url.searchParams.set('access_token', TOKEN);
  const cpuBefore = cpuMsOf(server.pid);
  const result = await autocannon({
    url: url.href,
    connections: CONNECTIONS,
    duration: seconds,
    verifyBody: computed,
  });
  const answers = result['2xx'] - result.mismatches;
  const unwanted = result.non2xx + result.mismatches + result.errors + result.timeouts;
  if (unwanted > 0 || answers === 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stats]) => `${code} × ${stats.count}`)
      .join(', ');
    throw new Error(
      `${target.label}: ${answers} computed answers, and ${result.non2xx} not HTTP 2xx, ${result.mismatches} without status_code "0", ${result.errors} transport errors, ${result.timeouts} timeouts (statuses: ${statuses || 'none'}): not a throughput`,
    );
  }
  const cpuAfter = cpuMsOf(server.pid);
  return {
    perSecond: answers / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    answers,
    cpuMsPerAnswer:
      cpuBefore === undefined || cpuAfter === undefined
        ? undefined
        : (cpuAfter - cpuBefore) / answers,
  };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Starts `mmq sandbox` (dist/cli.js) and answers its address once it listens. */
async function startServer(server: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    server.stdout?.once('data', (chunk: Buffer) =>
      resolve(
        String(chunk)
          .trim()
          .replace(/^listening on /, ''),
      ),
    );
    server.once('error', reject);
    server.once('exit', (code) =>
      reject(new Error(`mmq sandbox exited (${code}) before listening`)),
    );
  });
}

export async function sandboxLoad(quick: boolean): Promise<LoadMeasurement[]> {
  const server = spawn(
    process.execPath,
    [
      'dist/cli.js',
      'sandbox',
      '--docs',
      String(LOAD_DOCUMENTS),
      '--port',
      '0',
      '--rate',
      '0',
      '--credits',
      '1000000000',
      '--unlimited-token',
      TOKEN,
      '--quiet',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const base = await startServer(server);
    const targets = [FLOOR, ...HISTOGRAMS];
    for (const target of targets) await warm(base, target);
    const seconds = quick ? 2 : 5;
    const rounds: Round[][] = targets.map(() => []);
    for (let round = 0; round < (quick ? 1 : 3); round++)
      for (const [index, target] of targets.entries())
        rounds[index]?.push(await loadOnce(base, target, seconds, server));
    const floorRounds = rounds[0] ?? [];
    return targets.map((target, index) => {
      const own = rounds[index] ?? [];
      return {
        target,
        perSecond: median(own.map((round) => round.perSecond)),
        p50Ms: median(own.map((round) => round.p50Ms)),
        p99Ms: median(own.map((round) => round.p99Ms)),
        timesFloor: median(
          own.map((round, at) => (floorRounds[at]?.perSecond ?? NaN) / round.perSecond),
        ),
        answers: own.reduce((sum, round) => sum + round.answers, 0),
        cpuMsPerAnswer: own.every((round) => round.cpuMsPerAnswer !== undefined)
          ? median(own.map((round) => round.cpuMsPerAnswer ?? NaN))
          : undefined,
      };
    });
  } finally {
    server.kill('SIGTERM');
  }
}
