// Entry point the extension host calls (extensionTestsPath): runs every suite with mocha and
// rejects when a test fails or when none ran, so the harness can tell a broken run from an empty one.
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  // Suites are bundled modules: define mocha's globals first, then load them.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  // VSCODE_SUITE=bench (npm run bench) runs the activation benchmark instead of the tests.
  if (process.env.VSCODE_SUITE === 'bench') {
    await import('./activation.bench');
  } else {
    await import('./activation.test');
    await import('./language.test');
  }
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run((count) => resolve(count));
    runner.on('end', () => {
      if (runner.stats?.tests === 0) console.error('no test ran');
    });
  });
  if (failures > 0) throw new Error(`${failures} test(s) failed`);
}
