// The custom metrics' bundle (dist/customMetrics.js), loaded on the first add, edit or delete of
// a custom metric from the Projects view.
export { addCustomMetric, deleteCustomMetrics } from './customMetrics';
export { editCustomMetric } from './customMetricEdit';
