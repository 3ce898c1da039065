// The custom fields a dataset upload may set (`custom.<name>`): the metrics of the dataset's
// template (api.md) and the project's own (the service's published description), which the
// service takes alike (gaps.md; the sandbox checks both). Asked together, for `mmq upload` and
// VS Code's upload checks.
import type { MediaMonitoringClient } from '../api/client/client';

export async function customFieldsOf(
  client: MediaMonitoringClient,
  project: string,
  template: string,
): Promise<readonly string[]> {
  const [ofTemplate, ofProject] = await Promise.all([
    client.customMetrics.list(project, template),
    client.customMetrics.list(project, undefined),
  ]);
  const names = [ofTemplate, ofProject].flatMap((answer) =>
    answer.result_custom_metrics.data.map((each) => each.custom_metric.name),
  );
  return [...new Set(names)];
}
