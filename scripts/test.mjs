// `npm test`: every check a change must pass, in one command, on a fresh checkout after `npm ci`
// (the VS Code suite installs its own VS Code server on first use, from the npm registry).
// Stages run in order; after the build, a failing stage does not stop the others, so one run
// shows every problem. The last line is the plain summary `N passed, N failed`.
import { spawn } from 'node:child_process';

/** Mocha's --ignore for each glob. */
const ignore = (...globs) => globs.map((glob) => `--ignore '${glob}'`).join(' ');

const STAGES = [
  { name: 'build', command: 'node esbuild.mjs --production', fatal: true },
  {
    // The root project checks Node code; media/ (the panel, DOM library) and test/media/ (Node
    // driving a browser) have projects of their own.
    name: 'typecheck',
    command: 'npx tsc --noEmit -p . && npx tsc --noEmit -p media && npx tsc --noEmit -p test/media',
    // tsc and ESLint each keep one core busy: on two cores, side by side they take the time of
    // the longer one.
    besideNext: true,
  },
  {
    // Style, formatting, the house rules of imports (.dependency-cruiser.cjs: no circles, no
    // feature importing another) and no export or file nobody uses (knip.json).
    name: 'lint',
    command: 'npm run lint',
  },
  // Tests mirror the code they test (test/core/query/parser.test.ts tests core/query/parser.ts);
  // the suffix says how a test runs: `.test.ts` in-process, `.http.test.ts` over loopback HTTP,
  // `.lsp.test.ts` the built language server over the protocol, `.cli.test.ts` the built `mmq`.
  // The folders below run in stages of their own: a browser, a VS Code, or a package.
  {
    name: 'unit',
    // Two test files at a time, one a core: the generated-input tests keep a core busy each
    // (107 s one at a time, 53 s two at a time). No unit test shares a file or a port.
    command: `npx mocha --config .mocharc.json --parallel --jobs 2 'test/**/*.test.ts' ${ignore(
      '**/*.http.test.ts',
      '**/*.lsp.test.ts',
      '**/*.cli.test.ts',
      'test/vscode/**',
      'test/readme/**',
      'test/media/**',
    )}`,
    tests: true,
  },
  { name: 'lsp', command: "npx mocha --config .mocharc.json 'test/**/*.lsp.test.ts'", tests: true },
  {
    // A CLI test runs mmq several times, each a process of its own with a sandbox beside it: on a
    // loaded 2-core machine a single run took over 5 s, so each test gets a minute, not 20 s.
    // Two test files at a time: most of a CLI test is waiting for the processes it started
    // (218 s one at a time, 134 s two at a time). Each test has its own sandbox (port 0) and
    // folders, and none rebuilds dist/.
    name: 'cli',
    command:
      "npx mocha --config .mocharc.json --parallel --jobs 2 --timeout 60000 'test/**/*.cli.test.ts'",
    tests: true,
  },
  {
    // The sandbox's contract over loopback HTTP.
    name: 'sandbox',
    command: "npx mocha --config .mocharc.json 'test/sandbox/**/*.http.test.ts'",
    tests: true,
  },
  {
    // Everything else over loopback HTTP: the API client against the sandbox or the service's
    // published answers, and the extension's models against a sandbox.
    name: 'client',
    command: `npx mocha --config .mocharc.json 'test/**/*.http.test.ts' ${ignore('test/sandbox/**')}`,
    tests: true,
  },
  {
    // The results panel's bundle in headless Chromium, under the extension's CSP.
    name: 'media',
    // The bundles under test are the build stage's (it always runs first).
    command:
      "node scripts/setup-vscode-test.mjs && npx mocha --config .mocharc.json 'test/media/**/*.test.ts'",
    tests: true,
  },
  {
    name: 'vscode',
    command:
      'node scripts/setup-vscode-test.mjs && node test/vscode/harness/build-suite.mjs && node test/vscode/harness/run.mjs',
    tests: true,
  },
  {
    // What a user gets: `npm start` as the README says, and the packaged .vsix installed.
    name: 'readme',
    command:
      "node scripts/setup-vscode-test.mjs && npx mocha --config .mocharc.json 'test/readme/**/*.test.ts'",
    tests: true,
  },
];

const only = process.argv.slice(2);

/**
 * Runs a shell command and resolves with its exit status and output. Echoed as it comes, unless
 * `quiet` (a stage running beside another prints its output whole when it ends).
 */
function run(command, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      if (!quiet) process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      if (!quiet) process.stderr.write(chunk);
      output += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Mocha's spec reporter ends with `N passing` and, when any failed, `N failing`. */
function counts(output) {
  const number = (pattern) =>
    [...output.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
  return { passed: number(/^\s*(\d+) passing/gm), failed: number(/^\s*(\d+) failing/gm) };
}

let passed = 0;
let failed = 0;
const failedStages = [];

/** Runs one stage; `quiet` when it runs beside another. */
async function runStage(stage, quiet) {
  if (!quiet) console.log(`\n== ${stage.name}: ${stage.command}`);
  const started = Date.now();
  const result = await run(stage.command, quiet);
  if (quiet) {
    console.log(`\n== ${stage.name} (ran beside another stage): ${stage.command}`);
    process.stdout.write(result.output);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (stage.tests) {
    const stageCounts = counts(result.output);
    passed += stageCounts.passed;
    failed += stageCounts.failed;
    if (stageCounts.passed + stageCounts.failed === 0) {
      console.error(`== ${stage.name}: ran no test`);
      result.code ||= 1;
    }
  }
  console.log(
    `== ${stage.name}: ${result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`} in ${seconds} s`,
  );
  if (result.code !== 0) failedStages.push(stage.name);
  return result.code === 0;
}

const chosen = STAGES.filter(
  (stage) => only.length === 0 || stage.name === 'build' || only.includes(stage.name),
);
for (let index = 0; index < chosen.length; index++) {
  const stage = chosen[index];
  const next = chosen[index + 1];
  if (stage.besideNext && next) {
    // Each prints its output whole when it ends, so that the two do not interleave.
    await Promise.all([runStage(stage, true), runStage(next, true)]);
    index += 1;
    continue;
  }
  const ok = await runStage(stage, false);
  if (!ok && stage.fatal) break;
}

if (failedStages.length > 0) console.error(`\nfailed stages: ${failedStages.join(', ')}`);
// A stage that failed without failing a test (a build, lint or harness error) still fails the run.
if (failedStages.length > 0 && failed === 0) failed = failedStages.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedStages.length > 0 ? 1 : 0);
