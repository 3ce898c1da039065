// Tailing a stream in a real VS Code against the embedded sandbox: started from the
// Streams view's item while the sandbox's firehose delivers documents live, into an output
// channel and an NDJSON record; the item shows the state and the count; pause, resume, stop; an
// extra query and a number of results asked as it starts, and kept to.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { recordBaseName } from '../../../core/streams/recordFiles';
import type { StreamsNode } from '../../../src/features/streams/streamsModel';
import { extensionApi } from './support/extension';
import { outputChannelText } from './support/output';
import { screenshot, typeIntoQuickInput } from './support/screenshot';
import { eventually } from '../../support/eventually';

const STREAM = 'tailed-in-editor';
/** Every brand of the sandbox's corpus: most live documents match. */
const QUERY =
  'acme OR globex OR initech OR umbrella OR hooli OR stark OR wayne OR tyrell OR wonka OR oceanic';

describe('tailing a stream', () => {
  let folder: string;
  before(() => (folder = mkdtempSync(join(tmpdir(), 'mm-tail-record-'))));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('from its tree item: lines in an output channel, the record, the count; pause, resume, stop', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    await client.streams.define(STREAM, [{ rule_id: 'brands', query: QUERY }]);
    await api.sidebar.streams.reload();
    const node: StreamsNode = { kind: 'stream', id: STREAM, enabled: true };
    await vscode.commands.executeCommand('mediaMonitoring.tail.start', {
      ...node,
      recordFolder: folder,
    });
    const received = () => api.tailStatus('stream', STREAM)?.received ?? 0;
    await eventually(() => received() >= 3, {
      timeoutMs: 60_000,
      what: 'three live results in the tail',
    });
    const tailing = api.sidebar.streams.getTreeItem(node);
    assert.equal(tailing.contextValue, 'stream tail.tailing');
    assert.match(String(tailing.description), /^enabled · tailing · \d+ received$/);
    assert.equal((tailing.iconPath as vscode.ThemeIcon).id, 'loading~spin');

    // The parts; the record's lock (a hidden file) is there while the tail runs.
    const parts = () => readdirSync(folder).filter((name) => name.endsWith('.ndjson'));
    const record = () =>
      parts().flatMap((name) =>
        readFileSync(join(folder, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map(
            (line) =>
              JSON.parse(line) as {
                data: { url: string };
                highlighted_data: { matched?: { rule_id?: string } }[];
              },
          ),
      );
    await eventually(() => record().length >= 3, { what: 'the record to hold the results' });
    assert.ok(
      record().every((result) => result.highlighted_data[0]?.matched?.rule_id === 'brands'),
    );
    assert.deepEqual(parts(), [`${recordBaseName('stream', STREAM)}-0001.ndjson`]);
    await screenshot('tail-stream');

    await vscode.commands.executeCommand('mediaMonitoring.tail.pause', node);
    await eventually(() => api.tailStatus('stream', STREAM)?.state === 'paused', {
      what: 'the tail to pause',
    });
    assert.match(String(api.sidebar.streams.getTreeItem(node).description), /tail paused/);
    await vscode.commands.executeCommand('mediaMonitoring.tail.resume', node);
    const before = received();
    await eventually(() => received() > before, {
      timeoutMs: 60_000,
      what: 'results again after resuming',
    });
    await vscode.commands.executeCommand('mediaMonitoring.tail.stop', node);
    const stopped = api.tailStatus('stream', STREAM);
    assert.equal(stopped?.state, 'stopped');
    // Everything received was written before the stop returned, each once.
    const urls = record().map((result) => result.data.url);
    assert.equal(urls.length, stopped?.received);
    assert.equal(new Set(urls).size, urls.length);
    assert.deepEqual(readdirSync(folder), parts(), 'the lock goes when the tail stops');
    assert.equal(api.sidebar.streams.getTreeItem(node).contextValue, 'stream tail.stopped');
    await client.streams.delete(STREAM);
  });

  it('from its tree item with an extra query and a limit: only what matches, then the end; the header and the item say so', async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    const stream = 'tailed-with-limits';
    await client.streams.define(stream, [{ rule_id: 'brands', query: QUERY }]);
    await api.sidebar.streams.reload();
    const node: StreamsNode = { kind: 'stream', id: stream, enabled: true };
    void vscode.commands.executeCommand('mediaMonitoring.tail.start', node);
    await typeIntoQuickInput('zzlimitprobe', `Tail stream ${stream}: an extra query`);
    await typeIntoQuickInput('2', `Tail stream ${stream}: at most how many results?`);
    await eventually(() => api.tailStatus('stream', stream)?.state === 'tailing', {
      timeoutMs: 30_000,
      what: 'the tail to connect',
    });
    assert.match(
      api.sidebar.streams.getTreeItem(node).tooltip as string,
      /Tailing \(query "zzlimitprobe"; until 2 results\)/,
    );
    // The firehose's documents match the stream but not the query: only these can arrive.
    await api.connection.controlSandbox('live', {
      documents: ['one', 'other', 'two', 'three'].map((word) => ({
        title: `Acme ${word === 'other' ? 'elsewhere' : `zzlimitprobe ${word}`}`,
        content: `Acme ${word === 'other' ? 'elsewhere' : 'zzlimitprobe'} ${word}.`,
        url: `https://live.example/limits-${word}`,
      })),
    });
    await eventually(() => api.tailStatus('stream', stream)?.state === 'ended', {
      timeoutMs: 30_000,
      what: 'the tail to end after two results',
    });
    const channel = () => outputChannelText(`Media Monitoring: stream ${stream}`) ?? '';
    const text = await eventually(() => channel().includes('as asked') && channel(), {
      what: "the end in the tail's output channel",
    });
    assert.match(
      text,
      /tailing stream tailed-with-limits \(query "zzlimitprobe"; until 2 results\)/,
    );
    const urls = text.match(/https:\/\/live\.example\/limits-\w+/g) ?? [];
    assert.deepEqual(urls, ['https://live.example/limits-one', 'https://live.example/limits-two']);
    assert.match(text, /ended: 2 results, as asked/);
    assert.equal(api.tailStatus('stream', stream)?.received, 2);
    assert.match(
      api.sidebar.streams.getTreeItem(node).tooltip as string,
      /The last tail ended: 2 results, as asked\./,
    );
    await client.streams.delete(stream);
  });

  it("a collector's tail to the end of its buffer ends by itself, and its item says so", async () => {
    const api = await extensionApi();
    const client = await api.connection.client();
    await client.streams.define(STREAM, [{ rule_id: 'brands', query: QUERY }]);
    await client.collectors.put('tailed-to-the-end', { streams: [STREAM] });
    // Live documents reach the collector through the stream.
    await eventually(
      async () => {
        let buffered = 0;
        for await (const event of client.collectors.read('tailed-to-the-end', {
          endBehaviour: 'stop',
        }))
          if (event.kind === 'result') buffered++;
        return buffered >= 2;
      },
      { timeoutMs: 60_000, intervalMs: 13_000, what: 'two results buffered' },
    );
    await api.sidebar.streams.reload();
    await vscode.commands.executeCommand('mediaMonitoring.tail.start', {
      kind: 'collector',
      id: 'tailed-to-the-end',
      from: 'earliest',
      endBehaviour: 'stop',
      recordFolder: false,
    });
    await eventually(() => api.tailStatus('collector', 'tailed-to-the-end')?.state === 'ended', {
      what: 'the tail to end with the buffer',
    });
    const status = api.tailStatus('collector', 'tailed-to-the-end');
    assert.ok((status?.received ?? 0) >= 2);
    assert.match(status?.ended ?? '', /every buffered result was read/);
    const item = api.sidebar.streams.getTreeItem({
      kind: 'collector',
      id: 'tailed-to-the-end',
      state: 'ACTIVE',
    });
    assert.equal(item.contextValue, 'collector.ACTIVE tail.stopped');
    assert.match(String(item.description), /received/);
    await client.collectors.delete('tailed-to-the-end');
    await client.streams.delete(STREAM);
  });
});
