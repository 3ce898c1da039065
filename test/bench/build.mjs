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
