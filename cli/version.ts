// mmq's version: package.json's, written into dist/cli.js by esbuild.mjs (`__MMQ_VERSION__`);
// `0.0.0` when run from the sources (tests under tsx).
declare const __MMQ_VERSION__: string | undefined;

export const MMQ_VERSION = typeof __MMQ_VERSION__ === 'string' ? __MMQ_VERSION__ : '0.0.0';
