// Loads the API client's bundle (src/shell/api/index.ts), the results panels' (bundles/results.ts)
// the live data's (bundles/live.ts: tails, collectors, exports) and image detection's
// (bundles/detect.ts) on first use; the sandbox runs from its
// own bundle in a worker thread (sandboxWorker.ts). The extension bundle itself only holds their
// types; `require` of a computed path is left alone by esbuild and resolved at run time.
import * as path from 'node:path';

export type ApiBundle = typeof import('./api/index');
export type ResultsBundle = typeof import('../features/results/index');
export type LiveBundle = typeof import('../features/live');
export type DetectBundle = typeof import('../features/detection/index');

let api: ApiBundle | undefined;
let results: ResultsBundle | undefined;
let live: LiveBundle | undefined;
let detect: DetectBundle | undefined;

function load<T>(file: string): T {
  // dist/extension.js sits beside dist/api.js.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, file)) as T;
}

export function apiBundle(): ApiBundle {
  return (api ??= load<ApiBundle>('api.js'));
}

export function resultsBundle(): ResultsBundle {
  return (results ??= load<ResultsBundle>('results.js'));
}

export function liveBundle(): LiveBundle {
  return (live ??= load<LiveBundle>('live.js'));
}

export function detectBundle(): DetectBundle {
  return (detect ??= load<DetectBundle>('detect.js'));
}
