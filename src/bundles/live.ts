// Live data as its own bundle (dist/live.js), loaded on the first tail, collector or export
// command: tails into output channels and files, the collector and export wizards, reading a
// collector to a file, pushing a stream and opening the rules it holds. Kept out of
// dist/extension.js, which loads at activation.
export { Tails } from '../live/tails';
export { startTail } from '../live/startTail';
export { startProjectTail } from '../live/startProjectTail';
export { tailTarget } from '../live/tailTarget';
export { createCollector, editCollector } from '../live/collectorWizard';
export { startExport } from '../live/exportWizard';
export { readCollectorToFile } from '../live/readToFile';
export { pushStream } from '../live/pushStream';
export { openServiceRules } from '../live/openServiceRules';
export { addCustomMetric, deleteCustomMetrics } from '../live/customMetrics';
export { editCustomMetric } from '../live/customMetricEdit';
export { Uploads } from '../live/uploads';
