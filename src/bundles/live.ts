// Live data as its own bundle (dist/live.js), loaded on the first tail, collector or export
// command: tails into output channels and files, the collector and export wizards, reading a
// collector to a file. Kept out of dist/extension.js, which loads at activation.
export { Tails } from '../live/tails';
export { startTail, targetOf } from '../live/startTail';
export { createCollector, editCollector } from '../live/collectorWizard';
export { startExport } from '../live/exportWizard';
export { readCollectorToFile } from '../live/readToFile';
export { pushStream } from '../live/pushStream';
export { addCustomMetric, deleteCustomMetrics } from '../live/customMetrics';
export { editCustomMetric } from '../live/customMetricEdit';
export { Uploads } from '../live/uploads';
