// Bundles the benchmarks the way dist/ is bundled (esbuild, no keep-names helpers), so they
// measure the code users run rather than a TypeScript loader's wrappers.
import * as esbuild from 'esbuild';

await esbuild.build({
  entryPoints: ['test/bench/run.ts'],
  outfile: 'out/bench/run.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // Loaded from node_modules: its workers and histograms load files of their own.
  external: ['autocannon'],
  // CommonJS dependencies (Fastify) require Node's built-ins, which an ES module bundle must
  // provide through createRequire.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The floor of the language server's start (query.ts): bundled as esbuild.mjs bundles
// dist/server.js, so that both load the library the same way.
await esbuild.build({
  entryPoints: ['test/bench/minimalServer.ts'],
  outfile: 'out/bench/minimalServer.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
