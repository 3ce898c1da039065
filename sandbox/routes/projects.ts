// Projects, resources, topics and tags (api.md "Projects, topics, filters, datasets, tags";
// gaps.md "Projects, topics, tags, uploads").
import {
  AccountInfoResponse,
  RESOURCE_TYPES,
  ResourcesResponse,
  TagsResponse,
  TopicDetailsResponse,
  TopicsListResponse,
} from '../../core/api/schemas/projects';
import { list } from '../analytics/parameters';
import { PROJECTS, topicsOf, type TopicGroup } from '../fixtures/projects';
import { answer, type Endpoint } from '../http/endpoint';
import { badParameter, missingParameter, notFound } from '../http/failure';
import { quote } from '../http/quote';
import type { SandboxServices } from '../services';

function resourceGroups(groups: readonly TopicGroup[]) {
  return groups.map((group) => ({
    id: group.id,
    title: group.title,
    ...(group.description ? { description: group.description } : {}),
    nodes: group.topics.map((definition) => ({
      id: definition.id,
      title: definition.title,
      description: definition.description ?? '',
    })),
  }));
}

function categories(groups: readonly TopicGroup[]) {
  return groups.map((group) => ({
    id: group.id,
    title: group.title,
    description: group.description ?? '',
    query_topics: [...group.topics],
  }));
}

/** `type`: a comma-separated list of search, filter, dataset. */
function resourceTypes(value: string | undefined): string[] {
  if (value === undefined || value === '') throw missingParameter('type');
  const types = value.split(',').map((each) => each.trim());
  const unknown = types.find((each) => !(RESOURCE_TYPES as readonly string[]).includes(each));
  if (unknown !== undefined)
    throw badParameter('type', `${quote(unknown)} is not one of ${RESOURCE_TYPES.join(', ')}`);
  return types;
}

export function projectEndpoints({ scopes }: SandboxServices): Endpoint[] {
  return [
    answer(AccountInfoResponse, 'result_accinfo').endpoint({
      method: 'GET',
      path: '/api/v1/search/info',
      access: 'read',
      handle: () => ({
        projects: PROJECTS.map((project) => ({
          id: project.id,
          name: project.name,
          account_id: project.accountId,
          account_name: project.accountName,
          capabilities: { import_type: [...project.importTypes] },
        })),
      }),
    }),
    answer(ResourcesResponse, 'result_resources').endpoint({
      method: 'GET',
      path: '/api/v2/platform/p/:project/resources',
      access: 'read',
      limit: 'resources',
      handle: ({ params, query }) => {
        const project = scopes.project(params.project);
        const given = list(query, 'type');
        if (given.length > 1) throw badParameter('type', 'given more than once');
        const types = resourceTypes(given[0]);
        return {
          projects: [
            {
              id: project.id,
              title: project.name,
              ...(types.includes('search') ? { topics: resourceGroups(project.topicGroups) } : {}),
              ...(types.includes('filter')
                ? { filters: resourceGroups(project.filterGroups) }
                : {}),
              ...(types.includes('dataset')
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
            },
          ],
        };
      },
    }),
    answer(TopicsListResponse, 'result_topics').endpoint({
      method: 'GET',
      path: '/api/v2/platform/p/:project/topics/list',
      access: 'read',
      limit: 'resources',
      handle: ({ params }) => {
        const project = scopes.project(params.project);
        return {
          topic_categories: categories(project.topicGroups),
          filter_categories: categories(project.filterGroups),
        };
      },
    }),
    answer(TopicDetailsResponse, 'result_topic_details').endpoint({
      method: 'GET',
      path: '/api/v2/platform/p/:project/topics/list/:topic',
      access: 'read',
      limit: 'resources',
      handle: ({ params }) => {
        const definition = topicsOf(scopes.project(params.project)).get(params.topic);
        if (!definition) throw notFound('topic', params.topic);
        return definition;
      },
    }),
    answer(TagsResponse, 'result_tags').endpoint({
      method: 'GET',
      path: '/api/v2/platform/p/:project/tags',
      access: 'read',
      limit: 'tags',
      handle: ({ params }) => ({
        tags: scopes.project(params.project).tags.map(({ id, label }) => ({ id, label })),
      }),
    }),
  ];
}
