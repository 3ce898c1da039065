// Peak memory of `mmq upload` end to end: dist/cli.js in a process of its own, so that
// what is measured is the uploader alone (this process holds the benchmark's own garbage, and a
// sandbox holding 100,000 uploaded documents would dwarf it); the sandbox is `mmq sandbox` in a
// third process, a fresh one per upload. NDJSON files of documents of about 2 KB, so that 200 MB
// is about 100,000 documents, beside a quarter of that, beside an empty file: the same command
// doing nothing, the floor. An upload that holds what it reads would grow fourfold from the
// quarter to the whole; one that streams stays flat. peakMemory.mjs reports from inside the child.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOKEN_VARIABLE } from '../../cli/api/connect';
import { startCli } from '../support/cliProcess';
import { elapsedMs } from './measure';
import { contentFor, PROJECT, TOKEN, writeNdjson } from './uploadFiles';

const MB = 1024 * 1024;
/** About the size of a news article's document. */
const LINE_BYTES = 2048;

export interface MemoryRun {
  readonly fileBytes: number;
  readonly documents: number;
  /** Peak resident set of the uploading process, in bytes. */
  readonly maxRssBytes: number;
  /** The highest V8 heap used seen in it (sampled every 5 ms), in bytes. */
  readonly peakHeapBytes: number;
  /** The most heap in use just after a full collection, in bytes; null if none happened. */
  readonly keptHeapBytes: number | null;
  /** From spawning the command to its exit. */
  readonly ms: number;
}

/** `mmq upload FILE` in a child process against a fresh sandbox: its peak memory and time. */
async function uploadInChild(file: string, documents: number, fileBytes: number) {
  const sandbox = await startCli(['--token', TOKEN, '--docs', '0', '--rate', '0', '--quiet']);
  const report = `${file}.report`;
  try {
    const preload = pathToFileURL(resolve('test/bench/peakMemory.mjs')).href;
    const args = ['upload', file, '--project', PROJECT, '--report', report];
    const started = process.hrtime.bigint();
    const child = spawn(
      process.execPath,
      ['--import', preload, 'dist/cli.js', ...args, '--base-url', sandbox.url, '--quiet'],
      { env: { ...process.env, [TOKEN_VARIABLE]: TOKEN }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((done, fail) => {
      child.on('error', fail);
      child.on('close', done);
    });
    const ms = elapsedMs(started);
    const memory = /^BENCH memory (\{.*\})$/m.exec(stderr);
    const lines = documents === 0 ? 0 : readFileSync(report, 'utf8').split('\n').length - 1;
    if (status !== 0 || !memory || lines !== documents)
      throw new Error(`mmq upload: exit ${status}, ${lines} of ${documents} reported: ${stderr}`);
    const measured = JSON.parse(memory[1] ?? '') as Omit<
      MemoryRun,
      'fileBytes' | 'documents' | 'ms'
    >;
    return { fileBytes, documents, ...measured, ms };
  } finally {
    await sandbox.stop('SIGTERM');
    rmSync(report, { force: true });
  }
}

export async function uploadMemory(
  quick: boolean,
): Promise<{ empty: MemoryRun; files: [MemoryRun, MemoryRun] }> {
  const folder = mkdtempSync(join(tmpdir(), 'mm-bench-upload-memory-'));
  try {
    const empty = join(folder, 'empty.ndjson');
    writeFileSync(empty, '');
    const emptyRun = await uploadInChild(empty, 0, 0);
    const contentChars = contentFor(LINE_BYTES);
    const sized = async (megabytes: number) => {
      const documents = Math.round((megabytes * MB) / LINE_BYTES);
      const file = join(folder, `${megabytes}mb.ndjson`);
      const bytes = await writeNdjson(file, `mem${megabytes}`, documents, contentChars);
      try {
        return await uploadInChild(file, documents, bytes);
      } finally {
        // The next file's space: 200 MB is not kept for longer than its run.
        rmSync(file, { force: true });
      }
    };
    const [small, large] = quick ? [2, 8] : [50, 200];
    return { empty: emptyRun, files: [await sized(small), await sized(large)] };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
