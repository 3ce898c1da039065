// What the collector and export wizards offer to pick from: the token's streams and collectors,
// the projects, and a project's topics, filters and datasets (through the Projects view's model,
// so what the view already fetched costs no call).
import { projectName, titleOf } from '../../../core/api/labels';
import type { ProjectsNode } from '../projects/projectsModel';
import type { Choice } from '../../shell/inputs';
import type { LiveServices } from '../liveServices';

export async function streamChoices(s: LiveServices): Promise<Choice<string>[]> {
  const client = await s.client();
  const info = (await client.streams.info()).result_stream;
  return (info.streams ?? []).map((stream) => ({
    label: stream.stream_id,
    description: stream.enabled ? undefined : 'disabled',
    value: stream.stream_id,
  }));
}

export async function collectorList(
  s: LiveServices,
): Promise<readonly { readonly id: string; readonly state: string }[]> {
  const client = await s.client();
  const info = (await client.streams.info()).result_stream;
  return (info.collectors ?? []).map((c) => ({ id: c.collector_id, state: c.state }));
}

export async function projectChoices(s: LiveServices): Promise<Choice<string>[]> {
  return (await s.projects.list()).map((project) => ({
    label: projectName(project),
    description: project.id,
    value: project.id,
  }));
}

/** A project's topics or filters (with their group as detail), or its datasets. */
export async function sectionChoices(
  s: LiveServices,
  projectId: string,
  section: 'topics' | 'filters' | 'datasets',
): Promise<Choice<string>[]> {
  const nodes: ProjectsNode[] = await s.projects.children({
    kind: 'section',
    projectId,
    section,
  });
  return nodes.flatMap((node): Choice<string>[] => {
    if (node.kind === 'group')
      return node.topics.map((topic) => ({
        label: titleOf(topic),
        description: topic.id,
        detail: node.title,
        value: topic.id,
      }));
    if (node.kind === 'dataset')
      return [{ label: node.title, description: node.id, value: node.id }];
    return [];
  });
}
