// The reader's memory stays bounded however long a read runs: the heap after reading 200,000
// results is about what it was after 50,000 (a run in a child process with --expose-gc).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

describe('client reading memory', () => {
  it('reading 200,000 results holds no more than reading 50,000 did', async function () {
    this.timeout(120_000);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'test/core/api/client/programs/longRead.ts', '200000'],
      { maxBuffer: 1024 * 1024 },
    );
    const { results, atQuarter, atEnd } = JSON.parse(stdout) as Record<string, number>;
    assert.equal(results, 200_000);
    // 150,000 more results of ~300 bytes passed through; kept, they would be over 45 MB.
    const grown = (atEnd! - atQuarter!) / 1024 / 1024;
    assert.ok(grown < 5, `the heap grew by ${grown.toFixed(1)} MB`);
  });
});
