// A hostile client and a damaged data directory (issue 10). Refused requests never reach the
// journal, so no crash can bring one back; nobody without the token can grow the journal; a
// replayed journal never stops a start; a journal with a line missing, or without its
// meta.json, is refused; a lock naming a process that is not the sandbox that wrote it is not.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamInfoResponse } from '../../../core/api/schemas/index';
import { digest } from '../../../sandbox/persistence/journal';
import { zombie } from '../../support/zombie';
import { refusedCli, startCli, type CliSandbox } from '../../support/cliProcess';
import { call, sandbox, TOKEN } from '../support/sandbox';
import { eventually } from '../../support/eventually';

const WRITER = 'journal-writer-token';
const READER = 'journal-reader-token';
const newDataDir = () => mkdtemp(join(tmpdir(), 'mmq-safety-'));
const cliArgs = (dataDir: string) => [
  '--data-dir',
  dataDir,
  '--docs',
  '0',
  '--rate',
  '0',
  '--token',
  WRITER,
  '--read-only-token',
  READER,
  '--quiet',
];
const definition = JSON.stringify({ collector_query: { queries: [{ id: 'q', query: 'acme' }] } });

/**
 * Writes the sandbox refuses without doing anything: no token, wrong ones, a body that does not
 * parse or does not fit, a query that does not parse. (Bad bodies go to streams: their rate limit
 * is not the collectors' one the accepted writes need.)
 */
function refusedWrite(url: string, id: string, kind: number): Promise<Response> {
  const put = (path: string, query: string, body: string) =>
    fetch(`${url}${path}${query}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    });
  const collector = `/api/v3/stream/c/${id}`;
  const stream = `/api/v3/stream/s/${id}`;
  switch (kind % 7) {
    case 0:
      return put(collector, '', definition);
    case 1:
      return put(collector, `?access_token=${READER}`, definition);
    case 2:
      return put(collector, `?access_token=not-${WRITER}`, definition);
    case 3:
      return put(collector, `?ACCESS_TOKEN=${WRITER}`, definition);
    case 4:
      return put(stream, `?access_token=${WRITER}`, '{"rules": "acme"}');
    case 5:
      return put(stream, `?access_token=${WRITER}`, '{"rules": [{"rule_id"');
    default:
      return put(
        stream,
        `?access_token=${WRITER}`,
        '{"rules": [{"rule_id": "r", "query": "a AND"}]}',
      );
  }
}

/** The ids of every stream and collector. */
async function definedIds(url: string, token: string): Promise<Set<string>> {
  const info = StreamInfoResponse.parse(
    (await call(url, '/api/v3/stream/info', { token })).body,
  ).result_stream;
  return new Set([
    ...(info.collectors ?? []).map((each) => each.collector_id),
    ...(info.streams ?? []).map((each) => each.stream_id),
  ]);
}

describe('the journal against a hostile client (issue 10)', () => {
  const running: CliSandbox[] = [];
  afterEach(async () => {
    for (const each of running.splice(0)) await each.stop();
  });

  it('refused writes never survive a kill -9, however the kill falls among them', async function () {
    this.timeout(120_000);
    for (let round = 0; round < 6; round++) {
      const dataDir = await newDataDir();
      const first = await startCli(cliArgs(dataDir));
      running.push(first);
      const accepted: string[] = [];
      let stop = false;
      let acceptingDone = false;
      const refuser = async (worker: number) => {
        for (let index = 0; !stop; index++) {
          try {
            await refusedWrite(first.url, `refused-${worker}-${index}`, index + worker);
          } catch {
            return; // the process is gone
          }
        }
      };
      const accepter = async () => {
        for (let index = 0; !stop && index < 18; index++) {
          try {
            const { status } = await call(first.url, `/api/v3/stream/c/ok-${index}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json' },
              body: definition,
              token: WRITER,
            });
            if (status === 200) accepted.push(`ok-${index}`);
          } catch {
            return;
          }
        }
      };
      const clients = [0, 1, 2, 3, 4, 5, 6]
        .map(refuser)
        .concat(accepter().finally(() => (acceptingDone = true)));
      // Kill while refused writes are in flight, after a few accepted ones (more in later rounds).
      await eventually(() => accepted.length >= 2 + round * 3 || acceptingDone, {
        what: `${2 + round * 3} accepted writes`,
        intervalMs: 0,
      });
      await first.stop('SIGKILL');
      stop = true;
      await Promise.all(clients);

      const second = await startCli(cliArgs(dataDir));
      running.push(second);
      const ids = await definedIds(second.url, WRITER);
      assert.deepEqual(
        [...ids].filter((id) => id.startsWith('refused-')),
        [],
        `round ${round}: refused writes came back after the crash`,
      );
      assert.deepEqual(
        accepted.filter((id) => !ids.has(id)),
        [],
        `round ${round}: acknowledged writes were lost`,
      );
      await second.stop();
    }
  });

  it('nothing a refused request sends reaches the journal: neither bodies without a token nor oversized ones', async () => {
    const dataDir = await newDataDir();
    const running = await sandbox({ dataDir });
    try {
      const size = async () => (await stat(join(dataDir, 'journal.jsonl'))).size;
      const before = await size();
      const big = JSON.stringify({ padding: 'x'.repeat(8 * 1024 * 1024) });
      for (const [path, token] of [
        ['/api/v2/docs/p/7c1e-demo', null],
        ['/api/v2/docs/p/7c1e-demo/create', 'wrong-token'],
        ['/api/v3/stream/s/big', TOKEN],
        ['/api/v2/docs/p/7c1e-demo/create', TOKEN],
      ] as const) {
        const answer = await call(running.url, path, {
          method: path.includes('/s/') ? 'PUT' : 'POST',
          headers: { 'content-type': 'application/json' },
          body: big,
          token,
        });
        assert.ok(answer.status >= 400 && answer.status < 500, `${path}: ${answer.status}`);
      }
      for (let kind = 0; kind < 6; kind++)
        assert.ok((await refusedWrite(running.url, `nope-${kind}`, kind)).status >= 400);
      assert.equal(await size(), before, 'the journal did not grow');
    } finally {
      await running.close();
    }
  });

  it('a journal whose records fail when replayed still starts, reporting and skipping each', async () => {
    const dataDir = await newDataDir();
    let running = await sandbox({ dataDir });
    await call(running.url, '/api/v3/stream/s/kept', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ rule_id: 'r', query: 'acme' }] }),
    });
    await running.close();
    const path = join(dataDir, 'journal.jsonl');
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    let previous = digest(lines.at(-1) ?? '');
    let n = lines.length;
    const append = async (record: Record<string, unknown>) => {
      const line = JSON.stringify({ n: ++n, p: previous, ...record });
      previous = digest(line);
      await appendFile(path, `${line}\n`);
    };
    const request = (method: string, url: string, body?: unknown) => ({
      k: 'request',
      wall: Date.now(),
      method,
      url,
      ...(body === undefined ? {} : { body }),
    });
    await append(request('PUT', '/api/v3/stream/c/c1', { collector_query: { streams: ['gone'] } }));
    await append(request('DELETE', '/api/v3/stream/s/never-made'));
    await append(request('POST', '/api/v3/nowhere', {}));
    // 5,000 levels deep (an older sandbox journaled such bodies): written by hand, since
    // JSON.stringify itself overflows the stack on it.
    const deep = `{"n":${++n},"p":"${previous}","k":"request","wall":${Date.now()},"method":"PUT","url":"/api/v3/stream/s/deep","body":{"rules":${'['.repeat(5000)}1${']'.repeat(5000)}}}`;
    previous = digest(deep);
    await appendFile(path, `${deep}\n`);
    await append(
      request('PUT', '/api/v3/stream/s/after', { rules: [{ rule_id: 'r', query: 'x' }] }),
    );
    running = await sandbox({ dataDir });
    try {
      assert.equal(running.restored?.diverged, 4);
      assert.deepEqual(
        running.restored?.failures.map((failure) => /^journal\.jsonl:(\d+)/.exec(failure)?.[1]),
        [1, 2, 3, 4].map((offset) => String(lines.length + offset)),
      );
      const streams = StreamInfoResponse.parse(
        (await call(running.url, '/api/v3/stream/info')).body,
      ).result_stream.streams?.map((each) => each.stream_id);
      assert.deepEqual(
        streams,
        ['kept', 'after'],
        'the records around the failed ones are replayed',
      );
    } finally {
      await running.close();
    }
  });

  describe('a damaged data directory stops the start, exit 2, saying what is wrong', () => {
    /** A data directory with a journal of three stream definitions. */
    async function threeStreams(): Promise<string> {
      const dataDir = await newDataDir();
      const running = await sandbox({ dataDir });
      for (const id of ['s1', 's2', 's3'])
        await call(running.url, `/api/v3/stream/s/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rules: [{ rule_id: 'r', query: id }] }),
        });
      await running.close();
      return dataDir;
    }

    it('a line deleted in the middle of the journal', async () => {
      const dataDir = await threeStreams();
      const path = join(dataDir, 'journal.jsonl');
      const lines = (await readFile(path, 'utf8')).split('\n');
      await writeFile(path, [lines[0], lines[2], ''].join('\n'));
      const { code, stderr } = await refusedCli(cliArgs(dataDir));
      assert.equal(code, 2);
      assert.match(
        stderr,
        /journal\.jsonl:2: record 3 where record 2 was due: records before it are missing/,
      );
    });

    it('a line changed in the middle of the journal', async () => {
      const dataDir = await threeStreams();
      const path = join(dataDir, 'journal.jsonl');
      await writeFile(path, (await readFile(path, 'utf8')).replace('"query":"s1"', '"query":"s9"'));
      const { code, stderr } = await refusedCli(cliArgs(dataDir));
      assert.equal(code, 2);
      assert.match(stderr, /journal\.jsonl:2: does not follow line 1/);
    });

    it('meta.json missing beside a journal', async () => {
      const dataDir = await threeStreams();
      await rm(join(dataDir, 'meta.json'));
      const { code, stderr } = await refusedCli(cliArgs(dataDir));
      assert.equal(code, 2);
      assert.match(stderr, /meta\.json is missing but journal\.jsonl holds a journal/);
    });

    it("another directory's meta.json beside the journal", async () => {
      const dataDir = await threeStreams();
      const other = await threeStreams();
      await writeFile(join(dataDir, 'meta.json'), await readFile(join(other, 'meta.json')));
      const { code, stderr } = await refusedCli(cliArgs(dataDir));
      assert.equal(code, 2);
      assert.match(stderr, /journal\.jsonl:1: this journal does not belong to the meta\.json/);
    });
  });

  describe('the lock', () => {
    /** A process that runs, and is no sandbox. */
    async function bystander() {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        stdio: 'ignore',
      });
      await new Promise((resolve) => child.once('spawn', resolve));
      return child;
    }

    /** A sandbox starts in `dataDir` (the lock taken over) and answers. */
    async function startsIn(dataDir: string): Promise<void> {
      const started = await startCli(cliArgs(dataDir));
      running.push(started);
      assert.equal(
        (await call(started.url, '/api/v1/status/credits', { token: READER })).status,
        200,
      );
    }

    it('a stale lock naming a running process that is not its sandbox is taken over', async () => {
      const other = await bystander();
      try {
        for (const content of [
          `${other.pid}\n`,
          `${JSON.stringify({ pid: other.pid, started: 'long ago', instance: 'gone' })}\n`,
        ]) {
          const dataDir = await newDataDir();
          await writeFile(join(dataDir, 'sandbox.lock'), content);
          await startsIn(dataDir);
        }
      } finally {
        other.kill('SIGKILL');
      }
    });

    it('a sandbox killed with SIGKILL and not yet collected by its parent (a zombie) holds its directory no more', async function () {
      this.timeout(60_000);
      const dataDir = await newDataDir();
      const lockFile = join(dataDir, 'sandbox.lock');
      // Its parent, a shell that execs into sleep, never collects it.
      const killed = await zombie(
        `'${process.execPath}' dist/cli.js sandbox ${cliArgs(dataDir).join(' ')} >/dev/null 2>&1`,
        (pid) =>
          eventually(
            async () => (await readFile(lockFile, 'utf8').catch(() => '')).includes(`"pid":${pid}`),
            { what: `process ${pid} to hold ${lockFile}`, timeoutMs: 45_000, intervalMs: 20 },
          ),
      );
      try {
        await startsIn(dataDir);
      } finally {
        killed.end();
      }
    });

    it('a sandbox running in another process keeps its directory', async () => {
      const dataDir = await newDataDir();
      running.push(await startCli(cliArgs(dataDir)));
      const { code, stderr } = await refusedCli(cliArgs(dataDir));
      assert.equal(code, 2);
      assert.match(stderr, /is in use by another sandbox \(process \d+\)/);
    });
  });
});
