// Live data as its own bundle (dist/live.js), loaded on the first tail, collector or export
// command: tails into output channels and files, the collector and export wizards, reading a
// collector to a file, pushing a stream and opening the rules it holds. Kept out of
// dist/extension.js, which loads at activation.
export { Tails } from './tails/tails';
export { startTail } from './tails/startTail';
export { startProjectTail } from './tails/startProjectTail';
export { tailTarget } from './tails/tailTarget';
export { createCollector, editCollector } from './collectors/collectorWizard';
export { startExport } from './exports/exportWizard';
export { readCollectorToFile } from './collectors/readToFile';
export { pushStream } from './streams/pushStream';
export { openServiceRules } from './streams/openServiceRules';
export { addCustomMetric, deleteCustomMetrics } from './custom-metrics/customMetrics';
export { editCustomMetric } from './custom-metrics/customMetricEdit';
export { Uploads } from './uploads/uploads';
