// Which documents a project holds, and which of them a topic or filter selects. A topic matches
// a document when one of its included lines does and none of its excluded lines does (gaps.md);
// a project holds the documents its topics match plus those uploaded into it.
import type { TopicDefinition } from '../../core/api/schemas/projects';
import { parseQuery } from '../../core/query/parser';
import { findProject, topicsOf, type SandboxProject } from '../fixtures/projects';
import { notFound, ApiFailure } from '../http/failure';
import type { DocumentStore } from '../store';

/** api.md: datasets older than 7 days cannot be queried. */
const DATASET_DAYS = 7;

/** The repeatable selection parameters of project endpoints. */
export interface Selection {
  readonly topic: readonly string[];
  readonly filter: readonly string[];
  readonly channel: readonly string[];
  readonly panel: readonly string[];
  readonly dataset: readonly string[];
}

export class ProjectScopes {
  /** Per topic id: the matching document numbers, for the index version they were computed at. */
  private readonly cache = new Map<string, { version: number; members: Set<number> }>();

  constructor(private readonly store: DocumentStore) {}

  project(id: string): SandboxProject {
    const project = findProject(id);
    if (!project) throw notFound('project', id);
    return project;
  }

  topicMembers(definition: TopicDefinition): Set<number> {
    const cached = this.cache.get(definition.id);
    if (cached && cached.version === this.store.index.version) return cached.members;
    const lines = (queries: readonly string[]) =>
      new Set(queries.flatMap((line) => this.store.index.search(parseQuery(line).query)));
    const included = lines(definition.included_queries);
    const excluded = lines(definition.excluded_queries);
    const members = new Set([...included].filter((number) => !excluded.has(number)));
    this.cache.set(definition.id, { version: this.store.index.version, members });
    return members;
  }

  /** Every document of the project: matched by any of its topics, or uploaded into it. */
  projectMembers(project: SandboxProject): Set<number> {
    const members = new Set<number>(this.store.uploadedInto(project.id));
    for (const group of project.topicGroups)
      for (const definition of group.topics)
        for (const number of this.topicMembers(definition)) members.add(number);
    return members;
  }

  /**
   * The project's documents narrowed by the request's `topic` (any of), `filter` (all of),
   * `channel` (any of), `panel` and `dataset` parameters; unknown ids are 404 naming them.
   */
  select(project: SandboxProject, selection: Selection): Set<number> {
    const definitions = topicsOf(project);
    const lookup = (id: string, kind: string): TopicDefinition => {
      const definition = definitions.get(id);
      if (!definition) throw notFound(kind, id);
      return definition;
    };
    let members =
      selection.dataset.length > 0
        ? this.datasetMembers(project, selection.dataset)
        : this.projectMembers(project);
    if (selection.topic.length > 0) {
      const wanted = new Set(
        selection.topic.flatMap((id) => [...this.topicMembers(lookup(id, 'topic'))]),
      );
      members = new Set([...members].filter((number) => wanted.has(number)));
    }
    for (const id of selection.filter) {
      const filter = this.topicMembers(lookup(id, 'filter'));
      members = new Set([...members].filter((number) => filter.has(number)));
    }
    if (selection.channel.length > 0) {
      const domains = selection.channel.map((id) => {
        const channel = project.channels.find((candidate) => candidate.id === id);
        if (!channel) throw notFound('channel', id);
        return channel.domain;
      });
      members = new Set(
        [...members].filter((number) =>
          domains.some((domain) => this.store.hostOf(number)?.endsWith(domain)),
        ),
      );
    }
    for (const id of selection.panel)
      if (!project.panels.some((panel) => panel.id === id)) throw notFound('panel', id);
    return members;
  }

  private datasetMembers(project: SandboxProject, ids: readonly string[]): Set<number> {
    const members = new Set<number>();
    for (const id of ids) {
      const dataset = project.datasets.find((candidate) => candidate.id === id);
      if (!dataset) throw notFound('dataset', id);
      if (dataset.createdDaysAgo > DATASET_DAYS) {
        throw new ApiFailure(
          'badParameter',
          `Dataset ${id} is older than ${DATASET_DAYS} days and cannot be queried`,
          [{ key: 'param', value: ['dataset'] }],
        );
      }
      for (const number of this.store.uploadedInto(project.id, id)) members.add(number);
    }
    return members;
  }
}
