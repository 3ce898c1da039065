// What the collector, export and tail wizards offer to pick from: the token's streams and
// collectors, the projects, and a project's topics, filters and datasets (through the Projects
// view's model, so what the view already fetched costs no call).
import type { MediaMonitoringClient } from '../../core/api/client/client';
import { projectName } from '../../core/api/labels';
import type { Choice } from './inputs';
import type { ProjectsPort } from './ports';

interface ChoiceSources {
  readonly client: () => Promise<MediaMonitoringClient>;
  readonly projects: ProjectsPort;
}

export async function streamChoices(s: Pick<ChoiceSources, 'client'>): Promise<Choice<string>[]> {
  const client = await s.client();
  const info = (await client.streams.info()).result_stream;
  return (info.streams ?? []).map((stream) => ({
    label: stream.stream_id,
    description: stream.enabled ? undefined : 'disabled',
    value: stream.stream_id,
  }));
}

export async function collectorList(
  s: Pick<ChoiceSources, 'client'>,
): Promise<readonly { readonly id: string; readonly state: string }[]> {
  const client = await s.client();
  const info = (await client.streams.info()).result_stream;
  return (info.collectors ?? []).map((c) => ({ id: c.collector_id, state: c.state }));
}

export async function projectChoices(
  s: Pick<ChoiceSources, 'projects'>,
): Promise<Choice<string>[]> {
  return (await s.projects.list()).map((project) => ({
    label: projectName(project),
    description: project.id,
    value: project.id,
  }));
}

/** A project's topics or filters (with their group as detail), or its datasets. */
export async function sectionChoices(
  s: Pick<ChoiceSources, 'projects'>,
  projectId: string,
  section: 'topics' | 'filters' | 'datasets',
): Promise<Choice<string>[]> {
  return (await s.projects.section(projectId, section)).map((item) => ({
    label: item.label,
    description: item.id,
    ...(item.detail === undefined ? {} : { detail: item.detail }),
    value: item.id,
  }));
}
