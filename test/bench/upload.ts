// Upload throughput and memory. Throughput: documents a second into `mmq sandbox` (its
// own process, over loopback HTTP), two ways in one run: the client's uploadAll sending documents
// already in memory (the floor: batches of 500, one after another), and `mmq upload` of the same
// documents from an NDJSON file, run in this process through the CLI's own command (the file read
// and checked, read again and sent, the report written to a file). Each sample gets a fresh
// sandbox, warmed by a small upload and then reset, so that every sample creates the same
// documents into the same empty store, and a fresh client, whose rate governor has the whole
// minute's 120 batches to itself. Memory: uploadMemory.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaMonitoringClient } from '../../core/api/client/client';
import { uploadAll } from '../../core/api/client/uploadAll';
import type { UploadBatch } from '../../core/api/schemas/uploads';
import { TOKEN_VARIABLE } from '../../cli/api/connect';
import { registerUpload } from '../../cli/commands/upload';
import { buildProgram } from '../../cli/program';
import { startCli } from '../support/cliProcess';
import { elapsedMs, summarise, type Measurement } from './measure';
import { uploadMemory, type MemoryRun } from './uploadMemory';
import type { Row, Suite } from './suite';
import { benchDocument, control, PROJECT, TOKEN, writeNdjson } from './uploadFiles';

/** Characters of content of the throughput documents: small, so the per-document work shows. */
const SMALL_CONTENT = 160;

const client = (baseUrl: string) =>
  new MediaMonitoringClient({ baseUrl, token: TOKEN, userAgent: 'bench' });

/** Runs `task` against a fresh, warmed sandbox; answers the milliseconds `task` reports. */
async function withSandbox(task: (url: string) => Promise<number>): Promise<number> {
  const sandbox = await startCli(['--token', TOKEN, '--docs', '0', '--rate', '0', '--quiet']);
  try {
    const warm = client(sandbox.url);
    const entries = Array.from({ length: 1_000 }, (_, index) => ({
      create: benchDocument('warm', index, SMALL_CONTENT),
    }));
    await uploadAll(warm, { project: PROJECT }, entries);
    await warm.close();
    // Its calls out of the sandbox's minute: the measured upload has all 120 batches.
    await control(sandbox.url, '/_sandbox/reset');
    return await task(sandbox.url);
  } finally {
    await sandbox.stop('SIGTERM');
  }
}

/** The floor: uploadAll of entries in memory, timed from the first batch to the last answer. */
async function uploadAllOnce(url: string, entries: UploadBatch): Promise<number> {
  const uploader = client(url);
  try {
    const started = process.hrtime.bigint();
    const reports = await uploadAll(uploader, { project: PROJECT }, entries);
    const took = elapsedMs(started);
    const applied = reports.filter((report) => report.fate === 'applied').length;
    if (applied !== entries.length)
      throw new Error(`uploadAll: ${applied} of ${entries.length} applied: ${reports[0]?.message}`);
    return took;
  } finally {
    await uploader.close();
  }
}

/**
 * `mmq upload FILE --report REPORT` in this process, through the command as the CLI declares it
 * (commander included), so that it is exactly the code `mmq` runs; timed from the call to its end.
 */
async function mmqUploadOnce(url: string, file: string, report: string, count: number) {
  const token = process.env[TOKEN_VARIABLE];
  const exitCode = process.exitCode;
  process.env[TOKEN_VARIABLE] = TOKEN;
  try {
    const program = buildProgram([registerUpload]);
    const args = ['upload', file, '--project', PROJECT, '--report', report, '--base-url', url];
    const started = process.hrtime.bigint();
    await program.parseAsync([...args, '--quiet'], { from: 'user' });
    const took = elapsedMs(started);
    const status = process.exitCode;
    const lines = readFileSync(report, 'utf8').split('\n').length - 1;
    if (status !== 0 || lines !== count)
      throw new Error(`mmq upload: exit ${status}, ${lines} of ${count} report lines`);
    return took;
  } finally {
    // The command sets the exit status of the process, which is the benchmark's to set.
    process.exitCode = exitCode;
    if (token === undefined) delete process.env[TOKEN_VARIABLE];
    else process.env[TOKEN_VARIABLE] = token;
  }
}

interface ThroughputBench {
  readonly documents: number;
  readonly lineBytes: number;
  readonly floor: Measurement;
  readonly pipeline: Measurement;
}

async function uploadThroughput(quick: boolean): Promise<ThroughputBench> {
  // 50,000 is 100 batches: within the 120 a minute, so no sample waits for the rate limit.
  const documents = quick ? 5_000 : 50_000;
  const folder = mkdtempSync(join(tmpdir(), 'mm-bench-upload-'));
  try {
    const file = join(folder, 'documents.ndjson');
    const bytes = await writeNdjson(file, 'bench', documents, SMALL_CONTENT);
    const entries = Array.from({ length: documents }, (_, index) => ({
      create: benchDocument('bench', index, SMALL_CONTENT),
    }));
    const report = join(folder, 'report.ndjson');
    const floor = () => withSandbox((url) => uploadAllOnce(url, entries));
    const pipeline = () => withSandbox((url) => mmqUploadOnce(url, file, report, documents));
    // A round of each first, untimed (this process's code compiled); then rounds of the two in
    // turn, so that a change of load on the shared machine falls on both alike.
    await floor();
    await pipeline();
    const floorSamples: number[] = [];
    const pipelineSamples: number[] = [];
    for (let round = 0; round < (quick ? 1 : 3); round++) {
      floorSamples.push(await floor());
      pipelineSamples.push(await pipeline());
    }
    return {
      documents,
      lineBytes: bytes / documents,
      floor: summarise(floorSamples),
      pipeline: summarise(pipelineSamples),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const rate = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en')} documents/s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Peak RSS; the heap's peak, and what a full collection left of it (what the command keeps). */
function memoryOf(run: MemoryRun): string {
  const kept =
    run.keptHeapBytes === null ? 'no full GC' : `${mb(run.keptHeapBytes)} after a full GC`;
  return `${mb(run.maxRssBytes)} RSS; heap ${mb(run.peakHeapBytes)} (${kept})`;
}

function memoryRow(name: string, run: MemoryRun, floor: MemoryRun): Row {
  return {
    name,
    result: memoryOf(run),
    floor: `${mb(floor.maxRssBytes)} RSS`,
    ratio: `${(run.maxRssBytes / floor.maxRssBytes).toFixed(2)}× the floor's RSS`,
  };
}

export const uploadSuite: Suite = {
  name: 'upload',
  description:
    "mmq upload from NDJSON to the sandbox beside the client's uploadAll alone (documents/s); peak memory of the uploading process for 50 and 200 MB files",
  async run({ quick }) {
    const throughput = await uploadThroughput(quick);
    const perSecond = (measurement: Measurement) =>
      throughput.documents / (measurement.median / 1000);
    const floorRate = perSecond(throughput.floor);
    const count = throughput.documents.toLocaleString('en');
    const memory = await uploadMemory(quick);
    const [small, large] = memory.files;
    const sized = (run: MemoryRun) =>
      `${mb(run.fileBytes)} (${run.documents.toLocaleString('en')} documents)`;
    const timing = (run: MemoryRun) =>
      `${mb(run.fileBytes)} in ${(run.ms / 1000).toFixed(1)} s (${rate(run.documents / (run.ms / 1000))})`;
    return [
      {
        name: `the client's uploadAll alone, ${count} documents of ${throughput.lineBytes.toFixed(0)} bytes in memory (the floor)`,
        result: rate(floorRate),
      },
      {
        name: 'mmq upload of the same documents from NDJSON: read and checked, read again and sent, report written',
        result: rate(perSecond(throughput.pipeline)),
        floor: rate(floorRate),
        ratio: `${(perSecond(throughput.pipeline) / floorRate).toFixed(2)}× the floor's rate`,
      },
      {
        name: 'peak memory of `mmq upload` of an empty file, its own process (the memory floor)',
        result: memoryOf(memory.empty),
      },
      memoryRow(`… of ${sized(small)} of NDJSON`, small, memory.empty),
      memoryRow(`… of ${sized(large)} of NDJSON`, large, memory.empty),
      {
        name: 'those two uploads end to end, each to a fresh `mmq sandbox` (120 batches a minute at most)',
        result: `${timing(small)}; ${timing(large)}`,
      },
    ];
  },
};
