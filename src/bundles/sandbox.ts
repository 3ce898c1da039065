// The embedded sandbox as its own bundle (dist/sandbox.js, Fastify and the corpus, about
// 1.8 MB), loaded only when the extension starts a sandbox.
export { startSandbox } from '../../sandbox/server';
