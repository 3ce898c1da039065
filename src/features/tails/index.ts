// The tails' bundle (dist/tails.js), loaded on the first tail or when tails of the last window
// start again: tails into output channels and files, and the questions that start one.
export { Tails } from './tails';
export { startTail } from './startTail';
export { startProjectTail } from './startProjectTail';
export { tailTarget } from './tailTarget';
