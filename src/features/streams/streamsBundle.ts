// The streams' bundle (index.ts, dist/streams.js), loaded on first use.
import { lazyBundle } from '../../shell/bundles';

export const streamsBundle = lazyBundle<typeof import('./index')>('streams.js');
