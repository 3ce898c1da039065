// The memory of `mmq lint` as files grow: its peak resident set (the kernel's, processUsage.cjs)
// on generated files of 1, 2, 5 and 10 MB, beside the floor of a Node process that reads the same
// file into a string and nothing else. Linear in the file's size, and at most 300 MB at 10 MB.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usageOf } from './cliStart';
import { generateFile } from './generate';
import type { Row, Suite } from './suite';

const SIZES_MB = [1, 2, 5, 10] as const;
const TARGET_MB = 300;
const MB = 1024 * 1024;

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export const lintMemory: Suite = {
  name: 'lintMemory',
  description: `\`mmq lint\` of 1 to 10 MB files: peak RSS beside a Node process reading the file (≤ ${TARGET_MB} MB at 10 MB, linear)`,
  async run({ quick }) {
    const directory = mkdtempSync(join(tmpdir(), 'mm-bench-lint-'));
    const runs = quick ? 1 : 3;
    const measured: { mb: number; lint: number; floor: number }[] = [];
    try {
      for (const mb of SIZES_MB) {
        const file = join(directory, `${mb}.mmq`);
        writeFileSync(file, generateFile(mb * 1_000_000));
        const lint: number[] = [];
        const floor: number[] = [];
        for (let run = 0; run < runs; run++) {
          floor.push(
            (
              await usageOf([
                '-e',
                `require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8')`,
              ])
            ).maxRssBytes / MB,
          );
          // A generated file has errors among its problems: exit 1.
          lint.push((await usageOf(['dist/cli.js', 'lint', file], [0, 1])).maxRssBytes / MB);
        }
        measured.push({ mb, lint: median(lint), floor: median(floor) });
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    const first = measured[0];
    const last = measured[measured.length - 1];
    if (!first || !last) return [];
    // Linear: the growth per MB from the smallest to each size stays about the same.
    const slope = (to: { mb: number; lint: number }) => (to.lint - first.lint) / (to.mb - first.mb);
    return measured.map((each): Row => ({
      name: `\`mmq lint\` of a ${each.mb} MB file (generateFile), peak RSS`,
      result: `${each.lint.toFixed(0)} MB${each === first ? '' : ` (+${slope(each).toFixed(1)} MB per MB above 1 MB)`}`,
      floor: `${each.floor.toFixed(0)} MB (node reading the file)`,
      ratio: `${(each.lint / each.floor).toFixed(1)}×`,
      ...(each === last
        ? {
            target: `≤ ${TARGET_MB} MB, linear`,
            verdict: each.lint <= TARGET_MB ? 'PASS' : 'MISS',
          }
        : {}),
    }));
  },
};
