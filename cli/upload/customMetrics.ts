// The custom metrics a dataset upload may set (`custom.<name>`): the dataset's template from the
// project's resources (gaps.md: each dataset names its `dataset_template_id`), then its metrics
// and the project's own.
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { customFieldsOf } from '../../core/uploads/customFields';
import { calling, ServiceRefusal } from '../api/connect';

/** The names, or undefined when the service does not say which template (not checked then). */
export async function customMetricsOf(
  client: MediaMonitoringClient,
  project: string,
  dataset: string,
): Promise<readonly string[] | undefined> {
  const resources = await calling(`reading the datasets of project ${project}`, () =>
    client.projects.resources(project, ['dataset']),
  );
  const found = resources.result_resources.projects
    .flatMap((each) => each.datasets ?? [])
    .find((each) => each.id === dataset);
  if (!found) throw new ServiceRefusal(`project ${project} has no dataset ${dataset}`);
  const template = found.dataset_template_id;
  if (template === undefined) return undefined;
  return calling(`reading the custom metrics of template ${template} and project ${project}`, () =>
    customFieldsOf(client, project, template),
  );
}
