// The tails' bundle (index.ts, dist/tails.js), loaded on the first tail.
import { lazyBundle } from '../../shell/bundles';

export const tailsBundle = lazyBundle<typeof import('./index')>('tails.js');
