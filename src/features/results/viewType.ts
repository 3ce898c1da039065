/** The results panels' webview type: its serializer brings them back after a reload. */
export const RESULTS_VIEW_TYPE = 'mediaMonitoring.results';
