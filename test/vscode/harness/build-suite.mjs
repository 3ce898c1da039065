// Bundles the in-editor suite (test/vscode/suite/index.ts and the suites it imports) into
// out/vscode-suite/index.js: one CommonJS module that VS Code's extension host loads as the
// payload's extensionTestsPath. Left out of the bundle:
//   - `vscode`, which only the extension host provides;
//   - `mocha`, required at run time from the repository's node_modules (out/ sits beside it):
//     mocha loads its reporters and interfaces dynamically, which bundles badly.
// The bundle is not minified, so a failing test's stack (file:line in the bundle) stays readable;
// the extension host installs its own Error.prepareStackTrace, so Node's source maps do not apply.
// Type checking is tsc's job (npm run typecheck); esbuild only transpiles and bundles.
import * as esbuild from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
const OUT = join(ROOT, 'out');

await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: ['test/vscode/suite/index.ts'],
  outfile: join(OUT, 'vscode-suite/index.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // VS Code 1.139's extension host runs a newer Node; node20 matches the project's other bundles.
  target: 'node20',
  // For debuggers attached to the extension host.
  sourcemap: 'inline',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
// The repository is "type": "module"; the bundles under out/ are CommonJS.
await mkdir(OUT, { recursive: true });
await writeFile(join(OUT, 'package.json'), '{ "type": "commonjs" }\n');
console.log('[build-suite] out/vscode-suite/index.js');
