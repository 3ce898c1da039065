import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LockHeld, takeLock } from '../../../core/files/lockFile';
import { processStart } from '../../../core/files/processes';
import { zombie } from '../../support/zombie';

describe('a lock file', () => {
  let folder: string;
  let path: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'mm-lock-'));
    path = join(folder, 'x.lock');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const holderOf = (error: unknown) => {
    assert.ok(error instanceof LockHeld);
    return error.holder?.pid;
  };

  it('is held once: a second taker is refused naming the holder, until it lets go', () => {
    const release = takeLock(path);
    assert.throws(
      () => takeLock(path),
      (error) => holderOf(error) === process.pid,
    );
    release();
    assert.deepEqual(readdirSync(folder), []);
    takeLock(path)();
  });

  it('naming a process that is gone, or no lock of ours, is taken over', () => {
    for (const text of [
      `${JSON.stringify({ pid: 2 ** 22 + 12345, started: null, instance: 'gone' })}\n`,
      '12345\n',
      '',
    ]) {
      writeFileSync(path, text);
      const release = takeLock(path);
      assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid);
      release();
    }
    assert.deepEqual(readdirSync(folder), []);
  });

  it('naming a process killed with SIGKILL that its parent has not collected (a zombie) is taken over', async () => {
    let started: string | null = null;
    const dead = await zombie('sleep 600', (pid) => {
      started = processStart(pid);
    });
    try {
      writeFileSync(path, `${JSON.stringify({ pid: dead.pid, started, instance: 'killed' })}\n`);
      takeLock(path)();
    } finally {
      dead.end();
    }
  });
});
