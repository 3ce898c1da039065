// Loads the lazily bundled parts (see src/bundles/). The extension bundle itself only holds their
// types; `require` of a computed path is left alone by esbuild and resolved at run time.
import * as path from 'node:path';

export type ApiBundle = typeof import('../bundles/api');
export type SandboxBundle = typeof import('../bundles/sandbox');

let api: ApiBundle | undefined;
let sandbox: SandboxBundle | undefined;

function load<T>(file: string): T {
  // dist/extension.js sits beside dist/api.js and dist/sandbox.js.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, file)) as T;
}

export function apiBundle(): ApiBundle {
  return (api ??= load<ApiBundle>('api.js'));
}

export function sandboxBundle(): SandboxBundle {
  return (sandbox ??= load<SandboxBundle>('sandbox.js'));
}
