// The in-editor suite's entry point: VS Code's extension host loads this module (the payload's
// extensionTestsPath, bundled by test/vscode/harness/build-suite.mjs) and awaits run(). The
// returned promise rejects when a test fails or when none ran, so an empty or broken run never
// counts as a pass. Mocha's spec reporter prints a line per test; the last line is a summary
// the harness checks:  [vscode-suite] tests=N passed=N failed=N pending=N
//
// Environment: VSCODE_TEST_GREP runs only the tests whose full title matches it;
// VSCODE_SUITE=bench or labBench (npm run bench) runs the activation or the query lab's
// benchmark instead of the tests.
import Mocha from 'mocha';
import { screenshot } from './support/screenshot';

/**
 * The suites, imported explicitly: the suite is one esbuild bundle and esbuild cannot glob.
 * Each import runs the suite's describe() calls, so mocha's globals must exist by then.
 */
async function loadSuites(): Promise<void> {
  if (process.env.VSCODE_SUITE === 'bench') {
    await import('./activation.bench');
    return;
  }
  if (process.env.VSCODE_SUITE === 'labBench') {
    await import('./lab.bench');
    return;
  }
  await import('./activation.test');
  await import('./language.test');
  await import('./sidebar.test');
  await import('./connection.test');
  await import('./results.test');
  await import('./lab.test');
  await import('./resultsFailure.test');
  await import('./credits.test');
  await import('./streams.test');
  await import('./collectors.test');
  await import('./tails.test');
  await import('./projectTail.test');
  await import('./customMetrics.test');
  // Before the uploads' suite, whose Cancel test leaves the upload class's minute used up.
  await import('./removal.test');
  await import('./uploads.test');
  await import('./detect.test');
  await import('./publishedService.test');
  await import('./keptSandbox.test');
}

/** A file-name-safe form of a test title, for its failure screenshot. */
function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export async function run(): Promise<void> {
  // A bound for a hung test, not a measure: on a loaded 2-core machine a drill-down's three
  // runs have taken over 60 s, and a test cut off mid-way then disturbs the next one.
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 180_000 });
  const grep = process.env.VSCODE_TEST_GREP;
  if (grep) mocha.grep(grep);

  // What the window shows when a test fails, before later tests change it.
  mocha.suite.afterEach('screenshot on failure', async function (this: Mocha.Context) {
    const test = this.currentTest;
    if (test?.state !== 'failed') return;
    await screenshot(`failure-${slug(test.fullTitle())}`).catch((error: unknown) => {
      console.error(`no failure screenshot: ${String(error)}`);
    });
  });

  // Mocha defines describe/it when it loads test files itself; here they are bundled modules.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  await loadSuites();

  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? emptyStats()));
  });
  console.log(
    `[vscode-suite] tests=${stats.tests} passed=${stats.passes} failed=${stats.failures} pending=${stats.pending}`,
  );
  if (stats.failures > 0) throw new Error(`${stats.failures} of ${stats.tests} test(s) failed`);
  if (stats.passes + stats.failures === 0) throw new Error('no test ran');
}

function emptyStats(): Mocha.Stats {
  return { suites: 0, tests: 0, passes: 0, pending: 0, failures: 0 };
}
