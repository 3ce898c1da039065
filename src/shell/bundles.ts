// Loads a bundle of dist/ on first use: the API client's (shell/api/index.ts, dist/api.js) and
// each feature's (src/features/<feature>/index.ts, dist/<feature>.js). dist/extension.js holds
// only their types; `require` of a computed path is left alone by esbuild and resolved at run
// time. The sandbox runs from its own bundle in a worker thread (connection/sandboxWorker.ts).
import * as path from 'node:path';

export type ApiBundle = typeof import('./api/index');

/** A loader of `file` (beside dist/extension.js): the first call loads it, later ones reuse it. */
export function lazyBundle<T>(file: string): () => T {
  let loaded: T | undefined;
  return () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require(path.join(__dirname, file)) as T;
    return loaded;
  };
}

export const apiBundle = lazyBundle<ApiBundle>('api.js');
