// The collectors' bundle (dist/collectors.js), loaded on the first collector command that needs
// more than a call: the wizard that creates or edits one, and reading one to a file.
export { createCollector, editCollector } from './collectorWizard';
export { readCollectorToFile } from './readToFile';
