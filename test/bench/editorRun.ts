// One run of an in-editor benchmark (test/vscode/suite/*.bench.ts): a fresh VS Code through the
// test harness, in a fresh workspace folder, with VSCODE_SUITE naming the benchmark. A fresh
// VS Code each time, since what is measured (activation, a first count) happens once per window.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface EditorRun {
  /** The harness's output: the suite's `BENCH …` lines among it. */
  readonly stdout: string;
  /** Why the run gave no result (its last output), when it failed. */
  readonly failure?: string;
}

/**
 * Runs `suite` in a fresh VS Code on a fresh workspace folder holding `files` (name to text)
 * from the start.
 */
export function runInEditor(
  suite: 'bench' | 'labBench',
  files: Readonly<Record<string, string>> = {},
): EditorRun {
  const workspace = mkdtempSync(join(tmpdir(), 'mm-bench-workspace-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(workspace, name), text);
  try {
    const result = spawnSync('node', ['test/vscode/harness/run.mjs'], {
      env: { ...process.env, VSCODE_SUITE: suite, VSCODE_TEST_WORKSPACE: workspace },
      encoding: 'utf8',
      timeout: 300_000,
    });
    return result.status === 0
      ? { stdout: result.stdout }
      : {
          stdout: result.stdout,
          failure: `${result.stdout.slice(-300)}${result.stderr.slice(-300)}`.replace(/\s+/g, ' '),
        };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

/** The numbers of every `BENCH <line>` matching `pattern` in a run's output. */
export function benchLines(stdout: string, pattern: RegExp): number[][] {
  const global = new RegExp(pattern.source, 'g');
  return [...stdout.matchAll(global)].map((match) => match.slice(1).map(Number));
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
