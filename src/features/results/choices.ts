// A project's topics, filters and datasets, for the results panel's controls. Channels and
// panels have no list in api.md: the panel takes their ids as typed.
import { titleOf } from '../../../core/api/labels';
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import type { ProjectChoices } from '../../../media/results/protocol';

export async function projectChoices(
  client: MediaMonitoringClient,
  projectId: string,
): Promise<ProjectChoices> {
  const [topics, resources] = await Promise.all([
    client.topics.list(projectId),
    client.projects.resources(projectId, ['dataset']),
  ]);
  const { topic_categories: topicGroups, filter_categories: filterGroups } = topics.result_topics;
  const listed = (groups: typeof topicGroups) =>
    groups.flatMap((group) =>
      group.query_topics.map((topic) => ({ id: topic.id, title: titleOf(topic) })),
    );
  return {
    topic: listed(topicGroups),
    filter: listed(filterGroups),
    channel: [],
    panel: [],
    dataset: resources.result_resources.projects.flatMap((project) =>
      (project.datasets ?? []).map((dataset) => ({ id: dataset.id, title: titleOf(dataset) })),
    ),
    // Whether a project's package forecasts is not in the API: the control is offered, and a
    // histogram without a forecast says so (core/api/histogramRules.ts).
    forecast: true,
  };
}
