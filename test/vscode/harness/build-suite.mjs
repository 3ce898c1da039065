// Bundles the in-editor suite (test/vscode/suite) into out/vscode-suite/index.js, a CommonJS
// module the extension host loads; `vscode` is provided by the host and mocha is loaded from
// node_modules at run time.
import * as esbuild from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';

await esbuild.build({
  entryPoints: ['test/vscode/suite/index.ts'],
  outfile: 'out/vscode-suite/index.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  external: ['vscode', 'mocha'],
  logLevel: 'warning',
});
await mkdir('out', { recursive: true });
await writeFile('out/package.json', '{ "type": "commonjs" }\n');
