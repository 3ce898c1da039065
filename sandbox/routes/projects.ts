// Projects, resources, topics and tags (api.md "Projects, topics, filters, datasets, tags";
// gaps.md "Projects, topics, tags, uploads" and "What the service's published answers show"):
// answered as the service answers, leaving out what it has nothing for (a project's
// capabilities without import types, a topic's empty exclusions).
import { RESOURCE_TYPES, type ResourceType } from '../../core/api/schemas/projects';
import { list } from '../analytics/parameters';
import { PROJECTS, topicsOf, type SandboxProject, type TopicGroup } from '../fixtures/projects';
import { notEmulated, type SomeHandlers } from '../http/handlers';
import { badParameter, notFound } from '../http/failure';
import { quote } from '../http/quote';
import type { SandboxServices } from '../services';
import { topicColor } from '../fixtures/topicColor';

function resourceGroups(groups: readonly TopicGroup[]) {
  return groups.map((group) => ({
    id: group.id,
    title: group.title,
    ...(group.description ? { description: group.description } : {}),
    nodes: group.topics.map((definition) => ({
      id: definition.id,
      title: definition.title ?? '',
      description: definition.description ?? '',
    })),
  }));
}

/** A topic as the service lists it: the description always, the exclusions only when some. */
function topicOf(definition: TopicGroup['topics'][number]) {
  return {
    id: definition.id,
    title: definition.title ?? '',
    description: definition.description ?? '',
    included_queries: [...definition.included_queries],
    ...(definition.excluded_queries.length > 0
      ? { excluded_queries: [...definition.excluded_queries] }
      : {}),
    ...(definition.created_ts === undefined ? {} : { created_ts: definition.created_ts }),
    ...(definition.updated_ts === undefined ? {} : { updated_ts: definition.updated_ts }),
    color: topicColor(definition.id),
  };
}

function categories(groups: readonly TopicGroup[]) {
  return groups.map((group) => ({
    id: group.id,
    title: group.title,
    description: group.description ?? '',
    query_topics: group.topics.map(topicOf),
  }));
}

/** `type`: a comma-separated list of the resource types; without it, every type. */
function resourceTypes(value: string | undefined): readonly ResourceType[] {
  if (value === undefined || value === '') return RESOURCE_TYPES;
  const types = value.split(',').map((each) => each.trim());
  const unknown = types.find((each) => !(RESOURCE_TYPES as readonly string[]).includes(each));
  if (unknown !== undefined)
    throw badParameter('type', `${quote(unknown)} is not one of ${RESOURCE_TYPES.join(', ')}`);
  return types as ResourceType[];
}

function resourcesOf(project: SandboxProject, types: readonly ResourceType[]) {
  const has = (type: ResourceType) => types.includes(type);
  return {
    id: project.id,
    title: project.name,
    ...(has('search') ? { topics: resourceGroups(project.topicGroups) } : {}),
    ...(has('filter') ? { filters: resourceGroups(project.filterGroups) } : {}),
    ...(has('dataset')
      ? {
          datasets: project.datasets.map(({ id, title }) => ({
            id,
            title,
            ...(project.datasetTemplateId === undefined
              ? {}
              : { dataset_template_id: project.datasetTemplateId }),
          })),
        }
      : {}),
    ...(has('page')
      ? { channels: project.channels.map(({ id, domain }) => ({ id, title: domain })) }
      : {}),
    ...(has('event') ? { events: [] } : {}),
    ...(has('panel') ? { panels: project.panels.map(({ id, title }) => ({ id, title })) } : {}),
  };
}

/** Which group a topic or filter is in, and whether it is a topic or a filter. */
function placeOf(project: SandboxProject, topicId: string) {
  for (const [type, groups] of [
    ['SEARCH', project.topicGroups],
    ['FILTER', project.filterGroups],
  ] as const)
    for (const group of groups)
      if (group.topics.some((each) => each.id === topicId)) return { type, group };
  return undefined;
}

const NOT_EMULATED_TOPICS =
  "the sandbox's topics and filters are fixed: import and delete them in the service";
const NOT_EMULATED_PANELS =
  "the sandbox's source panels are fixed, and views (dashboards, reports) are the service's own";

export function projectHandlers({
  scopes,
}: SandboxServices): SomeHandlers<
  | 'searchInfo'
  | 'resources'
  | 'topicsList'
  | 'topicDetails'
  | 'topicsImport'
  | 'topicsDelete'
  | 'tags'
  | 'views'
  | 'sourcePanelsList'
  | 'sourcePanelsAdd'
  | 'sourcePanelGroupsAdd'
> {
  return {
    searchInfo: {
      handle: () => ({
        projects: PROJECTS.map((project) => ({
          id: project.id,
          name: project.name,
          account_id: project.accountId,
          account_name: project.accountName,
          // The service leaves capabilities out of projects that have none.
          ...(project.importTypes.length > 0
            ? { capabilities: { import_type: [...project.importTypes] } }
            : {}),
        })),
      }),
    },
    resources: {
      handle: ({ params, query }) => {
        const project = scopes.project(params.project);
        const given = list(query, 'type');
        if (given.length > 1) throw badParameter('type', 'given more than once');
        return { projects: [resourcesOf(project, resourceTypes(given[0]))] };
      },
    },
    topicsList: {
      handle: ({ params }) => {
        const project = scopes.project(params.project);
        return {
          topic_categories: categories(project.topicGroups),
          filter_categories: categories(project.filterGroups),
        };
      },
    },
    topicDetails: {
      handle: ({ params }) => {
        const project = scopes.project(params.project);
        const definition = topicsOf(project).get(params.topic);
        const place = placeOf(project, params.topic);
        if (!definition || !place) throw notFound('topic', params.topic);
        const {
          color: _color,
          created_ts: _created,
          updated_ts: _updated,
          ...topic
        } = topicOf(definition);
        return {
          ...topic,
          category_id: place.group.id,
          category_title: place.group.title,
          category_description: place.group.description ?? '',
          type: place.type,
        };
      },
    },
    topicsImport: notEmulated(NOT_EMULATED_TOPICS),
    topicsDelete: notEmulated(NOT_EMULATED_TOPICS),
    tags: {
      handle: ({ params }) => ({
        tags: scopes.project(params.project).tags.map(({ id, label }) => ({ id, label })),
      }),
    },
    views: notEmulated(NOT_EMULATED_PANELS),
    sourcePanelsList: notEmulated(NOT_EMULATED_PANELS),
    sourcePanelsAdd: notEmulated(NOT_EMULATED_PANELS),
    sourcePanelGroupsAdd: notEmulated(NOT_EMULATED_PANELS),
  };
}
