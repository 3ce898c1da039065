// The collectors' bundle (index.ts, dist/collectors.js), loaded on first use.
import { lazyBundle } from '../../shell/bundles';

export const collectorsBundle = lazyBundle<typeof import('./index')>('collectors.js');
