// The embedded sandbox on its data directory (src/shell/connection/sandbox/keptSandbox.ts): what it is given
// survives a restart; a directory held by another window's sandbox is waited for, then the
// window runs in memory and says so; a directory made with other settings keeps its state and
// says how to apply the settings.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKeptSandbox } from '../../../../../src/shell/connection/sandbox/keptSandbox';
import type { StartOptions } from '../../../../../sandbox/server';

const TOKEN = 'kept-token';
const options: StartOptions = { token: TOKEN, docs: 0, rate: 0, seed: 7 };

async function streams(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/v3/stream/info?access_token=${TOKEN}`);
  const body = (await response.json()) as { result_stream: { streams: { stream_id: string }[] } };
  return body.result_stream.streams.map((stream) => stream.stream_id);
}

async function push(url: string, id: string): Promise<void> {
  const response = await fetch(`${url}/api/v3/stream/s/${id}?access_token=${TOKEN}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: [{ rule_id: 'r', query: 'acme' }] }),
  });
  assert.equal(response.status, 200, await response.text());
}

describe('the embedded sandbox keeps its state', function () {
  this.timeout(30_000);
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'mm-kept-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('what it was given is there after a restart on the same directory', async () => {
    const first = await startKeptSandbox(options, folder);
    assert.deepEqual(first.state, { kept: true, directory: folder });
    await push(first.sandbox.url, 'kept-stream');
    await first.sandbox.close();
    const second = await startKeptSandbox(options, folder);
    try {
      assert.deepEqual(await streams(second.sandbox.url), ['kept-stream']);
    } finally {
      await second.sandbox.close();
    }
  });

  it("a directory another window's sandbox holds: waits, then runs in memory and says why", async () => {
    const holder = await startKeptSandbox(options, folder);
    try {
      await push(holder.sandbox.url, 'held');
      const other = await startKeptSandbox(options, folder, 300);
      try {
        assert.equal(other.state.kept, false);
        assert.match(other.state.note ?? '', /another VS Code window/);
        assert.deepEqual(await streams(other.sandbox.url), []);
      } finally {
        await other.sandbox.close();
      }
    } finally {
      await holder.sandbox.close();
    }
  });

  it('a directory let go of while a window waits is taken: a reload does not lose the state', async () => {
    const closing = await startKeptSandbox(options, folder);
    await push(closing.sandbox.url, 'reloaded');
    // The old window's sandbox closes while the new one waits for the directory.
    const starting = startKeptSandbox(options, folder, 10_000);
    await closing.sandbox.close();
    const next = await starting;
    try {
      assert.equal(next.state.kept, true);
      assert.deepEqual(await streams(next.sandbox.url), ['reloaded']);
    } finally {
      await next.sandbox.close();
    }
  });

  it('settings changed since the state was made: the state is kept, and the note says Reset applies them', async () => {
    const first = await startKeptSandbox(options, folder);
    await push(first.sandbox.url, 'before-settings');
    await first.sandbox.close();
    const changed = await startKeptSandbox({ ...options, seed: 8 }, folder);
    try {
      assert.equal(changed.state.kept, true);
      assert.match(changed.state.note ?? '', /Reset Sandbox/);
      assert.deepEqual(await streams(changed.sandbox.url), ['before-settings']);
    } finally {
      await changed.sandbox.close();
    }
  });
});
