// The language server on a file of 100,000 rules (the issue of a server peaking near 1 GB and
// taking 15 s to format such a file): the server process's peak memory once the file is opened
// and diagnostics, the outline, semantic tokens and formatting have been asked for, and the time
// of formatting the whole document, over the real protocol (stdio, as an editor runs it). Both
// beside a floor measured in the same run, floorServer.mjs: a server of the same libraries that
// only holds the document (its memory), and formats by a plain pass over the lines (its time).
// Peak memory is the kernel's own maximum resident set of the process (VmHWM, Linux), read once
// each request was made once (the case), and again after the further formatting requests
// that give the timing its median.
//
// The file is generateSmallRules' (rules of 4 to 10 operands, 10 MB for 100,000 rules): the shape
// of the file, a rule per alert. generateFile's rules of 10 to 50 operands make 57,000
// rules of 30 MB; docs/benchmarks.md gives the server's numbers on that file too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import {
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  SemanticTokensRequest,
} from 'vscode-languageserver-protocol';
import { generateSmallRules } from './generate';
import { elapsedMs, summarise, type Measurement } from './measure';
import { timedRow, type Suite } from './suite';

const RULES = 100_000;
const URI = 'file:///bench/alerts.mmq';

interface Session {
  /** Peak resident set of the server process once each request was made once, in bytes. */
  readonly peakBytes: number;
  /** … and after the further formatting requests timed. */
  readonly peakAfterRoundsBytes: number;
  readonly formatting: Measurement;
  readonly edits: number;
}

/** The kernel's peak resident set of process `pid`, in bytes; NaN where /proc is not there. */
function peakRss(pid: number): number {
  try {
    const kilobytes = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? NaN : Number(kilobytes) * 1024;
  } catch {
    return NaN;
  }
}

/** Opens `text` in the server `script`, asks what an editor asks, and formats it `rounds` times. */
async function session(script: string, text: string, rounds: number): Promise<Session> {
  const child = spawn(process.execPath, [script, '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  try {
    // Answers workspace/configuration with no settings: the defaults.
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
      params.items.map(() => ({})),
    );
    const published = new Promise<void>((resolvePublished) =>
      connection.onNotification(PublishDiagnosticsNotification.type, () => resolvePublished()),
    );
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true } },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: URI, languageId: 'mmq', version: 1, text },
    });
    await published;
    const textDocument = { uri: URI };
    await connection.sendRequest(DocumentSymbolRequest.type, { textDocument });
    await connection.sendRequest(SemanticTokensRequest.type, { textDocument });
    const times: number[] = [];
    let edits = 0;
    let peakBytes = NaN;
    for (let round = 0; round < rounds; round++) {
      const started = process.hrtime.bigint();
      const result = await connection.sendRequest(DocumentFormattingRequest.type, {
        textDocument,
        options: { tabSize: 2, insertSpaces: true },
      });
      times.push(elapsedMs(started));
      edits = result?.length ?? 0;
      if (round === 0) peakBytes = peakRss(child.pid ?? -1);
    }
    return {
      peakBytes,
      peakAfterRoundsBytes: peakRss(child.pid ?? -1),
      formatting: summarise(times),
      edits,
    };
  } finally {
    connection.dispose();
    child.kill();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export const largeFile: Suite = {
  name: 'largeFile',
  description: `the language server on a file of ${RULES.toLocaleString('en')} small rules: peak memory (≤ 600 MB) and formatting (≤ 3 s), beside a server that only holds the document`,
  async run({ quick }) {
    const text = generateSmallRules(RULES);
    const rounds = quick ? 2 : 5;
    const floor = await session(resolve('test/bench/floorServer.mjs'), text, rounds);
    const ours = await session(resolve('dist/server.js'), text, rounds);
    const size = `${(text.length / 1e6).toFixed(1)} million characters`;
    return [
      {
        name: `language server peak memory (RSS): ${RULES.toLocaleString('en')} rules (${size}) opened, diagnostics, outline, semantic tokens, formatting`,
        result: mb(ours.peakBytes),
        floor: `${mb(floor.peakBytes)} (a server holding the document)`,
        ratio: `${(ours.peakBytes / floor.peakBytes).toFixed(1)}×`,
        target: '≤ 600 MB',
        verdict: ours.peakBytes <= 600 * 1024 * 1024 ? 'PASS' : 'MISS',
      },
      {
        name: `… its peak after ${rounds} formatting requests in all (those timed below)`,
        result: mb(ours.peakAfterRoundsBytes),
        floor: mb(floor.peakAfterRoundsBytes),
        ratio: `${(ours.peakAfterRoundsBytes / floor.peakAfterRoundsBytes).toFixed(1)}×`,
      },
      {
        ...timedRow(
          `formatting the whole document (${ours.edits.toLocaleString('en')} edits), request to answer`,
          ours.formatting,
          { floor: floor.formatting, targetMs: 3000 },
        ),
        opsPerSecond: undefined,
      },
    ];
  },
};
