// The query lab as its own bundle (dist/lab.js), loaded when the first .mmq file asks for its
// hints: the count engine, core/lab and the query parser it normalises with stay out of
// dist/extension.js.
export { LabCounts } from './labCounts';
export { NoiseFinder } from './noiseFinder';
export { whyNotCommand } from './whyNotCommand';
export { compareRule } from './labCompare';
