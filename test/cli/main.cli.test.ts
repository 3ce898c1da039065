// The README's way to run mmq from a checkout: `npx mmq …` after `npm ci && npm run build`. npm
// resolves the root package's own bin (package.json "bin") without installing anything.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { outputOf, type CliResult } from './support/mmq';

function npx(args: readonly string[], cwd: string, cache: string): Promise<CliResult> {
  // --offline and --no: never fetch a package called mmq from the registry instead.
  const child = spawn('npm', ['exec', '--offline', '--no', '--', 'mmq', ...args], {
    cwd,
    env: { ...process.env, npm_config_cache: cache },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child);
}

describe('npx mmq in the repository', () => {
  it('runs the built mmq from a subdirectory, with its output and exit status', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'mmq-npm-cache-'));
    const result = await npx(
      ['lint', '--format', 'json', 'mistakes.mmq'],
      resolve('examples'),
      cache,
    );
    assert.equal(result.status, 1, result.stderr);
    const records = JSON.parse(result.stdout) as { file: string }[];
    assert.ok(records.length > 0);
    assert.ok(records.every((record) => record.file === 'mistakes.mmq'));
  });
});
