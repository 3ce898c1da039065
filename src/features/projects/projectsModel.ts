// What the Projects view shows, without VS Code: projects → topics (by group), filters (by
// group), datasets, custom metrics (the project's own, then each dataset template's), tags.
// Each level is fetched when first opened, through the client (and so its rate governor), and
// kept until a refresh (one datasets call serves both the Datasets and the Custom metrics
// sections), so expanding and collapsing costs no calls, nor does redrawing the tree twice a
// second while a project's live results are tailed. A change of custom metrics refreshes.
import type { MediaMonitoringClient } from '../../../core/api/client/client';
import { groupTitle, labelOf, titleOf } from '../../../core/api/labels';
import type { Project, TopicDefinition } from '../../../core/api/schemas/projects';
import type { ProjectsNode, Section } from '../../shell/views/treeNodes';

export type { ProjectsNode, Section } from '../../shell/views/treeNodes';

type TopicsList = Awaited<ReturnType<MediaMonitoringClient['topics']['list']>>['result_topics'];
type Datasets = NonNullable<
  Awaited<
    ReturnType<MediaMonitoringClient['projects']['resources']>
  >['result_resources']['projects'][number]['datasets']
>;

/** What `fetch` answers for `key`, kept in `cache` until a refresh; a failure is not kept. */
function kept<T>(cache: Map<string, Promise<T>>, key: string, fetch: () => Promise<T>): Promise<T> {
  let answer = cache.get(key);
  if (!answer) {
    answer = fetch();
    cache.set(key, answer);
    answer.catch(() => cache.delete(key));
  }
  return answer;
}

export class ProjectsModel {
  private projects: Promise<readonly Project[]> | undefined;
  private readonly topics = new Map<string, Promise<TopicsList>>();
  /** A project's datasets: the Datasets section's, and the templates of Custom metrics. */
  private readonly datasets = new Map<string, Promise<Datasets>>();
  /** Sections and lists of custom metrics as fetched, by project and level. */
  private readonly fetched = new Map<string, Promise<ProjectsNode[]>>();

  constructor(
    private readonly client: () => Promise<MediaMonitoringClient>,
    private readonly defaultProject: () => string | undefined,
  ) {}

  /** Forgets what was fetched: the next look fetches again. */
  refresh(): void {
    this.projects = undefined;
    this.topics.clear();
    this.datasets.clear();
    this.fetched.clear();
  }

  async children(node?: ProjectsNode, signal?: AbortSignal): Promise<ProjectsNode[]> {
    const options = signal ? { signal } : {};
    if (!node) {
      const projects = await this.projectList(options);
      if (projects.length === 0) return [{ kind: 'empty', text: 'No projects for this token' }];
      return projects.map((project) => ({
        kind: 'project',
        project,
        isDefault: project.id === this.defaultProject(),
      }));
    }
    switch (node.kind) {
      case 'project':
        return (['topics', 'filters', 'datasets', 'metrics', 'tags'] as const).map((section) => ({
          kind: 'section',
          projectId: node.project.id,
          section,
        }));
      case 'section':
        return this.section(node.projectId, node.section, options);
      case 'projectMetrics':
        return this.metrics(node.projectId, undefined, options);
      case 'template':
        return this.metrics(node.projectId, node.id, options);
      case 'group':
        return node.topics.map((topic) => ({
          kind: 'topic',
          projectId: node.projectId,
          isFilter: node.section === 'filters',
          topic,
        }));
      default:
        return [];
    }
  }

  /** The node above `node`, so that the tree can reveal it (expanding what leads to it). */
  async parent(node: ProjectsNode): Promise<ProjectsNode | undefined> {
    switch (node.kind) {
      case 'project':
      case 'empty':
        return undefined;
      case 'section': {
        const project = (await this.projectList({})).find((each) => each.id === node.projectId);
        return (
          project && { kind: 'project', project, isDefault: project.id === this.defaultProject() }
        );
      }
      case 'group':
        return { kind: 'section', projectId: node.projectId, section: node.section };
      case 'dataset':
        return { kind: 'section', projectId: node.projectId, section: 'datasets' };
      case 'projectMetrics':
      case 'template':
        return { kind: 'section', projectId: node.projectId, section: 'metrics' };
      case 'metric': {
        if (node.templateId === undefined)
          return { kind: 'projectMetrics', projectId: node.projectId };
        const owners = await this.section(node.projectId, 'metrics', {});
        return owners.find((each) => each.kind === 'template' && each.id === node.templateId);
      }
      case 'tag':
        return { kind: 'section', projectId: node.projectId, section: 'tags' };
      case 'topic': {
        const list = await this.topicsOf(node.projectId, {});
        const section = node.isFilter ? 'filters' : 'topics';
        const groups = node.isFilter ? list.filter_categories : list.topic_categories;
        const group = groups.find((each) =>
          each.query_topics.some((topic) => topic.id === node.topic.id),
        );
        return (
          group && {
            kind: 'group',
            projectId: node.projectId,
            section,
            id: group.id,
            title: groupTitle(group),
            topics: group.query_topics,
          }
        );
      }
    }
  }

  /** A topic or filter of a project, from the cached list (or fetched alone). */
  async topic(projectId: string, topicId: string): Promise<TopicDefinition> {
    const listed = this.topics.get(projectId);
    if (listed) {
      const { topic_categories, filter_categories } = await listed;
      for (const group of [...topic_categories, ...filter_categories])
        for (const topic of group.query_topics) if (topic.id === topicId) return topic;
    }
    const client = await this.client();
    return (await client.topics.get(projectId, topicId)).result_topic_details;
  }

  /** The projects of the account (cached until a refresh). */
  async list(): Promise<readonly Project[]> {
    return this.projectList({});
  }

  /** The tags and topics of a project, for completion in the language server. */
  async projectContext(projectId: string): Promise<{
    tags: { id: string; label: string }[];
    topics: { id: string; title: string }[];
  }> {
    const client = await this.client();
    const [topics, tags] = await Promise.all([
      this.topicsOf(projectId, {}),
      client.tags.list(projectId),
    ]);
    return {
      tags: tags.result_tags.tags.map((tag) => ({ id: tag.id, label: labelOf(tag) })),
      topics: [...topics.topic_categories, ...topics.filter_categories].flatMap((group) =>
        group.query_topics.map((topic) => ({ id: topic.id, title: titleOf(topic) })),
      ),
    };
  }

  private projectList(options: { signal?: AbortSignal }): Promise<readonly Project[]> {
    this.projects ??= this.client()
      .then((client) => client.projects.list(options))
      .then((answer) => answer.result_accinfo.projects);
    this.projects.catch(() => (this.projects = undefined));
    return this.projects;
  }

  private topicsOf(projectId: string, options: { signal?: AbortSignal }): Promise<TopicsList> {
    return kept(this.topics, projectId, async () => {
      const client = await this.client();
      return (await client.topics.list(projectId, options)).result_topics;
    });
  }

  private datasetsOf(projectId: string, options: { signal?: AbortSignal }): Promise<Datasets> {
    return kept(this.datasets, projectId, async () => {
      const client = await this.client();
      const answer = await client.projects.resources(projectId, ['dataset'], options);
      return answer.result_resources.projects.flatMap((each) => each.datasets ?? []);
    });
  }

  /** The custom metrics of a dataset template, or of the project itself. */
  private metrics(
    projectId: string,
    templateId: string | undefined,
    options: { signal?: AbortSignal },
  ): Promise<ProjectsNode[]> {
    return kept(this.fetched, `metrics:${projectId}:${templateId ?? ''}`, async () => {
      const client = await this.client();
      const listed = await client.customMetrics.list(projectId, templateId, options);
      const metrics = listed.result_custom_metrics.data.map((entry) => entry.custom_metric);
      return metrics.length > 0
        ? metrics.map((metric): ProjectsNode => ({ kind: 'metric', projectId, templateId, metric }))
        : [{ kind: 'empty', text: 'No custom metrics' }];
    });
  }

  private section(
    projectId: string,
    section: Section,
    options: { signal?: AbortSignal },
  ): Promise<ProjectsNode[]> {
    return kept(this.fetched, `section:${projectId}:${section}`, () =>
      this.fetchSection(projectId, section, options),
    );
  }

  private async fetchSection(
    projectId: string,
    section: Section,
    options: { signal?: AbortSignal },
  ): Promise<ProjectsNode[]> {
    const client = await this.client();
    if (section === 'topics' || section === 'filters') {
      const list = await this.topicsOf(projectId, options);
      const groups = section === 'topics' ? list.topic_categories : list.filter_categories;
      const nodes: ProjectsNode[] = groups
        .filter((group) => group.query_topics.length > 0)
        .map((group) => ({
          kind: 'group',
          projectId,
          section,
          id: group.id,
          title: groupTitle(group),
          topics: group.query_topics,
        }));
      return nodes.length > 0 ? nodes : [{ kind: 'empty', text: `No ${section}` }];
    }
    if (section === 'datasets' || section === 'metrics') {
      const datasets = await this.datasetsOf(projectId, options);
      if (section === 'metrics') {
        // The templates the datasets name (gaps.md): the API lists templates nowhere else.
        const templates = new Map<string, string[]>();
        for (const dataset of datasets)
          if (dataset.dataset_template_id)
            templates.set(dataset.dataset_template_id, [
              ...(templates.get(dataset.dataset_template_id) ?? []),
              titleOf(dataset),
            ]);
        // Every project has metrics of its own; a customer-intelligence project's datasets
        // also have their templates'.
        return [
          { kind: 'projectMetrics', projectId },
          ...(templates.size > 0
            ? [...templates].map(([id, titles]): ProjectsNode => ({
                kind: 'template',
                projectId,
                id,
                datasets: titles,
              }))
            : [
                {
                  kind: 'empty',
                  text: 'No dataset templates (not a customer-intelligence project)',
                } as const,
              ]),
        ];
      }
      return datasets.length > 0
        ? datasets.map((dataset) => ({
            kind: 'dataset',
            projectId,
            id: dataset.id,
            title: titleOf(dataset),
          }))
        : [{ kind: 'empty', text: 'No datasets' }];
    }
    const tags = (await client.tags.list(projectId, options)).result_tags.tags;
    return tags.length > 0
      ? tags.map((tag) => ({ kind: 'tag', projectId, id: tag.id, label: labelOf(tag) }))
      : [{ kind: 'empty', text: 'No tags' }];
  }
}
