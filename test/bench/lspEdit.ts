// An edit in a large file through the real language server: from sending `didChange` (one
// character typed in one rule, incrementally, as an editor sends it) to the `publishDiagnostics`
// of that version, over stdio. The server waits DIAGNOSTICS_DELAY_MS (200 ms, server/main.ts)
// after the last edit before it analyses and publishes: that wait is in every measurement, and
// is shown subtracted too, since it is the same for any file. The floor is the same edit, through
// the same server, in a file holding only the rule edited (the target: at most 3× its time, the
// wait subtracted). Beside it, the same edit of the large file through floorServer.mjs, a server
// that only holds the document as ours used to, in vscode-languageserver-textdocument (which
// applies an edit to one string of the whole text; ours keeps its documents in pieces).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import {
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol';
import { generateSmallRules } from './generate';
import { elapsedMs, summarise, type Measurement } from './measure';
import { ms, type Suite } from './suite';

const RULES = 100_000;
const URI = 'file:///bench/edited.mmq';
/** The server's quiet time before publishing (server/main.ts, DIAGNOSTICS_DELAY_MS). */
const DEBOUNCE_MS = 200;
const MAX_RATIO = 3;

/** Where in `text` to type: inside the first word after the header of the rule at the middle. */
function editPoint(text: string): number {
  const header = text.indexOf('\n###', Math.floor(text.length / 2));
  const body = text.indexOf('\n', header + 1) + 1;
  return body + 1;
}

/** The line and character of `offset`. */
function positionOf(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    line += 1;
    start = at + 1;
  }
  return { line, character: offset - start };
}

interface Edits {
  /** didChange to publishDiagnostics of that version, each edit. */
  readonly times: Measurement;
  /** Diagnostics in the last publication. */
  readonly diagnostics: number;
}

/** Opens `text` in dist/server.js, then types and deletes a character at `offset`, `rounds` times each. */
async function editSession(
  text: string,
  offset: number,
  rounds: number,
  script = 'dist/server.js',
): Promise<Edits> {
  const child = spawn(process.execPath, [resolve(script), '--stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection: MessageConnection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  try {
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
      params.items.map(() => ({})),
    );
    let waiting: ((params: PublishDiagnosticsParams) => void) | undefined;
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => waiting?.(params));
    const publication = (version: number) =>
      new Promise<PublishDiagnosticsParams>((done) => {
        waiting = (params) => {
          if (params.uri === URI && params.version === version) done(params);
        };
      });
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true } },
    });
    await connection.sendNotification(InitializedNotification.type, {});
    let version = 1;
    const opened = publication(version);
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: URI, languageId: 'mmq', version, text },
    });
    await opened;
    const at = positionOf(text, offset);
    const after = { line: at.line, character: at.character + 1 };
    const times: number[] = [];
    let diagnostics = 0;
    for (let round = 0; round < rounds * 2; round++) {
      version += 1;
      // Typed, then deleted: the text is the original again after every second edit.
      const change =
        round % 2 === 0
          ? { range: { start: at, end: at }, text: 'x' }
          : { range: { start: at, end: after }, text: '' };
      const published = publication(version);
      const started = process.hrtime.bigint();
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri: URI, version },
        contentChanges: [change],
      });
      diagnostics = (await published).diagnostics.length;
      times.push(elapsedMs(started));
    }
    return { times: summarise(times), diagnostics };
  } finally {
    connection.dispose();
    child.kill();
  }
}

export const lspEdit: Suite = {
  name: 'lspEdit',
  description: `an edit in a ${RULES.toLocaleString('en')}-rule (10 MB) file through the language server, didChange to publishDiagnostics, beside the same edit in a one-rule file (≤ ${MAX_RATIO}×, the 200 ms debounce subtracted)`,
  async run({ quick }) {
    const rounds = quick ? 3 : 10;
    const text = generateSmallRules(RULES);
    const offset = editPoint(text);
    const start = text.lastIndexOf('\n###', offset) + 1;
    const end = text.indexOf('\n###', offset) + 1;
    const rule = text.slice(start, end);
    const floor = await editSession(rule, offset - start, rounds);
    const large = await editSession(text, offset, rounds);
    const holding = await editSession(text, offset, rounds, 'test/bench/floorServer.mjs');
    const size = `${(text.length / 1e6).toFixed(1)} million characters`;
    const net = (measured: Measurement) => measured.median - DEBOUNCE_MS;
    const times = net(large.times) / net(floor.times);
    return [
      {
        name: `an edit in a one-rule file (the floor): didChange to publishDiagnostics, with the ${DEBOUNCE_MS} ms debounce (${floor.diagnostics} diagnostics)`,
        result: `${ms(floor.times.median)} (${ms(net(floor.times))} without the debounce)`,
        p95: ms(floor.times.p95),
      },
      {
        name: `the same edit in ${RULES.toLocaleString('en')} rules (${size}), ${large.diagnostics.toLocaleString('en')} diagnostics published`,
        result: `${ms(large.times.median)} (${ms(net(large.times))} without the debounce)`,
        p95: ms(large.times.p95),
        floor: `${ms(net(floor.times))} (one rule, without the debounce)`,
        ratio: `${times.toFixed(1)}× without the debounce, ${(large.times.median / floor.times.median).toFixed(2)}× with it`,
        target: `≤ ${MAX_RATIO}× without the debounce`,
        verdict: times <= MAX_RATIO ? 'PASS' : 'MISS',
      },
      {
        name: `… beside a server of the same libraries that only holds the document and publishes no diagnostics at once (floorServer.mjs, no debounce): what receiving the edit costs this stack`,
        result: ms(holding.times.median),
        p95: ms(holding.times.p95),
        ratio: `ours ${(net(large.times) / holding.times.median).toFixed(1)}× that, without the debounce`,
      },
    ];
  },
};
