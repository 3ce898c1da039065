// Projects, resources, topics and tags (api.md "Projects, topics, filters, datasets, tags";
// gaps.md "Projects, topics, tags, uploads").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESOURCE_TYPES } from '../../core/api/schemas/projects';
import { admit, type SandboxContext } from '../context';
import {
  findProject,
  PROJECTS,
  topicsOf,
  type SandboxProject,
  type TopicGroup,
} from '../fixtures/projects';
import { sendResult } from '../http/envelope';
import { badParameter, missingParameter, notFound } from '../http/failure';

function projectOf(request: FastifyRequest): SandboxProject {
  const id = (request.params as { project: string }).project;
  const project = findProject(id);
  if (!project) throw notFound('project', id);
  return project;
}

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
    query_topics: group.topics,
  }));
}

export function projectRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/api/v1/search/info', (request, reply) => {
    admit(context, request, 'read');
    return sendResult(request, reply, 'result_accinfo', {
      projects: PROJECTS.map((project) => ({
        id: project.id,
        name: project.name,
        account_id: project.accountId,
        account_name: project.accountName,
        capabilities: { import_type: [...project.importTypes] },
      })),
    });
  });

  app.get('/api/v2/platform/p/:project/resources', (request, reply) => {
    admit(context, request, 'read', 'resources');
    const project = projectOf(request);
    const type = (request.query as { type?: unknown }).type;
    if (typeof type !== 'string' || type === '') throw missingParameter('type');
    const types = type.split(',').map((each) => each.trim());
    const unknown = types.find((each) => !(RESOURCE_TYPES as readonly string[]).includes(each));
    if (unknown !== undefined)
      throw badParameter('type', `\`${unknown}\` is not one of ${RESOURCE_TYPES.join(', ')}`);
    return sendResult(request, reply, 'result_resources', {
      projects: [
        {
          id: project.id,
          title: project.name,
          ...(types.includes('search') ? { topics: resourceGroups(project.topicGroups) } : {}),
          ...(types.includes('filter') ? { filters: resourceGroups(project.filterGroups) } : {}),
          ...(types.includes('dataset')
            ? { datasets: project.datasets.map(({ id, title }) => ({ id, title })) }
            : {}),
        },
      ],
    });
  });

  app.get('/api/v2/platform/p/:project/topics/list', (request, reply) => {
    admit(context, request, 'read', 'resources');
    const project = projectOf(request);
    return sendResult(request, reply, 'result_topics', {
      topic_categories: categories(project.topicGroups),
      filter_categories: categories(project.filterGroups),
    });
  });

  app.get('/api/v2/platform/p/:project/topics/list/:topic', (request, reply) => {
    admit(context, request, 'read', 'resources');
    const project = projectOf(request);
    const id = (request.params as { topic: string }).topic;
    const definition = topicsOf(project).get(id);
    if (!definition) throw notFound('topic', id);
    return sendResult(request, reply, 'result_topic_details', definition);
  });

  app.get('/api/v2/platform/p/:project/tags', (request, reply) => {
    admit(context, request, 'read', 'tags');
    const project = projectOf(request);
    return sendResult(request, reply, 'result_tags', {
      tags: project.tags.map(({ id, label }) => ({ id, label })),
    });
  });
}
