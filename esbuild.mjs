// Bundles every entry point into one CommonJS file each under dist/ (the CLI into ES module chunks
// under dist/cli/), and each webview panel into one browser script and one style sheet under
// dist/media/.
// Type checking is tsc's job (npm run typecheck); esbuild only transpiles and bundles.
import * as esbuild from 'esbuild';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * Chevrotain's package does not say its modules are free of side effects, so a bundle keeps all
 * of it, its parser too, where only its lexer is used (core/query/lexer.ts): 60 KB more to
 * compile and run at every start of `mmq lint` and of the language server. Its modules (and
 * @chevrotain's) define classes and functions only; this says so, and the unused ones are left
 * out.
 * @type {import('esbuild').Plugin}
 */
const chevrotainSideEffectFree = {
  name: 'chevrotain-side-effect-free',
  setup(build) {
    const inChevrotain = /[\\/]node_modules[\\/](?:chevrotain|@chevrotain)[\\/]/;
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === chevrotainSideEffectFree) return undefined;
      if (args.path !== 'chevrotain' && !inChevrotain.test(args.importer)) return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: chevrotainSideEffectFree,
      });
      return resolved.errors.length > 0 ? undefined : { ...resolved, sideEffects: false };
    });
  },
};

/** @type {import('esbuild').BuildOptions} */
const common = {
  plugins: [chevrotainSideEffectFree],
  bundle: true,
  platform: 'node',
  // Node 20 runs the CLI and the tests; VS Code's extension host runs Node 22+.
  target: 'node20',
  format: 'cjs',
  minify: production,
  sourcemap: production ? false : 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};

/** Each feature folder with a lazily loaded bundle, and its file under dist/. */
const FEATURE_BUNDLES = {
  collectors: 'collectors',
  'custom-metrics': 'customMetrics',
  detection: 'detection',
  exports: 'exports',
  lab: 'lab',
  language: 'language',
  projects: 'projects',
  results: 'results',
  streams: 'streams',
  tails: 'tails',
  uploads: 'uploads',
};

const entries = [
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { entryPoints: ['server/main.ts'], outfile: 'dist/server.js' },
  // The language features, loaded by the server on the first request that needs them.
  { entryPoints: ['server/features/index.ts'], outfile: 'dist/serverFeatures.js' },
  {
    // mmq: an ES module split into chunks, so that a command loads only its own code (see
    // cli/commands/index.ts); dist/cli.js, written by cliLauncher() below, starts it.
    entryPoints: { main: 'cli/main.ts' },
    outdir: 'dist/cli',
    format: 'esm',
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // CommonJS dependencies (commander, Fastify) require Node's built-ins, which an ES module
    // must provide through createRequire.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // mmq's User-Agent names its version.
    define: {
      __MMQ_VERSION__: JSON.stringify(JSON.parse(await readFile('package.json', 'utf8')).version),
    },
  },
  // Loaded by the extension on first use (src/shell/bundles.ts), not at activation: the API
  // client, the sandbox's worker, and each feature's bundle (src/features/<feature>/index.ts).
  { entryPoints: ['src/shell/api/index.ts'], outfile: 'dist/api.js' },
  { entryPoints: ['src/shell/connection/sandbox/worker.ts'], outfile: 'dist/sandbox.js' },
  ...Object.entries(FEATURE_BUNDLES).map(([feature, bundle]) => ({
    entryPoints: [`src/features/${feature}/index.ts`],
    outfile: `dist/${bundle}.js`,
    external: ['vscode'],
  })),
  // The in-editor tests' hooks, loaded only in VS Code's Test mode (not in the .vsix).
  { entryPoints: ['src/testing/testHooks.ts'], outfile: 'dist/testHooks.js', external: ['vscode'] },
];

/** Webview panels: browser scripts run by the page of src/shell/webviews/html.ts (one script, one sheet). */
const panels = [
  // The CSS it imports (uPlot's and its own) becomes dist/media/results.css.
  { entryPoints: ['media/results/main.ts'], outfile: 'dist/media/results.js' },
  // Image detection: the image with its boxes, the scene list (dist/media/detect.css too).
  { entryPoints: ['media/detect/main.ts'], outfile: 'dist/media/detect.js' },
  // An upload's per-document report as a table (dist/media/report.css too).
  { entryPoints: ['media/report/main.ts'], outfile: 'dist/media/report.js' },
  // Explain Rule's parts table (dist/media/lab.css too).
  { entryPoints: ['media/lab/main.ts'], outfile: 'dist/media/lab.js' },
].map((entry) => ({
  ...entry,
  platform: 'browser',
  format: 'iife',
  // VS Code's webviews are a recent Chromium.
  target: 'chrome120',
}));

/**
 * dist/cli.js, what `mmq` runs (package.json's `bin`): it starts the ES module of dist/cli/. A
 * CommonJS file, as everything directly under dist/ is.
 */
async function cliLauncher() {
  await writeFile(
    'dist/cli.js',
    "#!/usr/bin/env node\n// mmq: its code is in dist/cli/, split per command.\nimport('./cli/main.mjs');\n",
  );
  await chmod('dist/cli.js', 0o755);
}

/** The sources are ES modules ("type": "module"); the bundles are CommonJS, which VS Code loads. */
async function markCommonJs(directory) {
  await mkdir(directory, { recursive: true });
  await writeFile(`${directory}/package.json`, '{ "type": "commonjs" }\n');
}

async function main() {
  // The CLI's chunks are named by their content: a rebuild would leave the old ones beside.
  await rm('dist/cli', { recursive: true, force: true });
  const contexts = await Promise.all(
    [...entries, ...panels].map((entry) => esbuild.context({ ...common, ...entry })),
  );
  if (watch) {
    await markCommonJs('dist');
    await cliLauncher();
    await Promise.all(contexts.map((context) => context.watch()));
    console.log('[esbuild] watching');
    return;
  }
  for (const context of contexts) {
    await context.rebuild();
    await context.dispose();
  }
  await markCommonJs('dist');
  await cliLauncher();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
