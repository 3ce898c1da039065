// The exports' bundle (dist/exports.js), loaded on the first export: the wizard and the
// following of the task it starts.
export { startExport } from './exportWizard';
