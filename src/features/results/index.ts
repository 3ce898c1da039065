// The results panels as their own bundle (dist/results.js), loaded on the first run or when VS
// Code restores a results panel: the panel's protocol checks (zod/mini), the run layer and the
// CSV writer stay out of dist/extension.js.
export { ResultsPanels } from './resultsPanels';
export { projectChoices } from './choices';
export { RunCommands } from './runCommands';
