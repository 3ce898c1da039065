// The projects' bundle (index.ts, dist/projects.js), loaded on first use.
import { lazyBundle } from '../../shell/bundles';

export const projectsBundle = lazyBundle<typeof import('./index')>('projects.js');
