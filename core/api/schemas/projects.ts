// Projects, resources, topics, tags and topic results (api.md "Projects, topics, filters,
// datasets, tags"; gaps.md "Projects, topics, tags, uploads").
import { z } from 'zod';
import { envelope } from './envelope';
import { ResultDocument } from './document';

export const Project = z.object({
  id: z.string(),
  name: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  capabilities: z.object({ import_type: z.array(z.string()) }),
});
export type Project = z.infer<typeof Project>;

export const AccountInfoResponse = envelope(
  'result_accinfo',
  z.object({ projects: z.array(Project) }),
);
export type AccountInfoResponse = z.infer<typeof AccountInfoResponse>;

export const ResourceNode = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
});
export const ResourceGroup = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  nodes: z.array(ResourceNode),
});
export type ResourceGroup = z.infer<typeof ResourceGroup>;

/**
 * A dataset of a customer-intelligence project. gaps.md: `dataset_template_id` names the template
 * holding its custom metrics (the only place a client learns it); optional, so that an answer
 * without it still parses and only the custom-field checks are skipped.
 */
export const Dataset = z.object({
  id: z.string(),
  title: z.string(),
  dataset_template_id: z.string().optional(),
});
export type Dataset = z.infer<typeof Dataset>;

/** `type=search,filter,dataset`: which lists the answer holds. */
export const RESOURCE_TYPES = ['search', 'filter', 'dataset'] as const;

export const ProjectResources = z.object({
  id: z.string(),
  title: z.string(),
  topics: z.array(ResourceGroup).optional(),
  filters: z.array(ResourceGroup).optional(),
  datasets: z.array(Dataset).optional(),
});
export const ResourcesResponse = envelope(
  'result_resources',
  z.object({ projects: z.array(ProjectResources) }),
);
export type ResourcesResponse = z.infer<typeof ResourcesResponse>;

/** A topic or filter with its definition; a topic matches when an included line does and no excluded line does. */
export const TopicDefinition = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  included_queries: z.array(z.string()),
  excluded_queries: z.array(z.string()),
  created_ts: z.number().optional(),
  updated_ts: z.number().optional(),
});
export type TopicDefinition = z.infer<typeof TopicDefinition>;

export const TopicCategory = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  query_topics: z.array(TopicDefinition),
});

export const TopicsListResponse = envelope(
  'result_topics',
  z.object({ topic_categories: z.array(TopicCategory), filter_categories: z.array(TopicCategory) }),
);
export type TopicsListResponse = z.infer<typeof TopicsListResponse>;

export const TopicDetailsResponse = envelope('result_topic_details', TopicDefinition);
export type TopicDetailsResponse = z.infer<typeof TopicDetailsResponse>;

export const Tag = z.object({ id: z.string(), label: z.string() });
export type Tag = z.infer<typeof Tag>;
export const TagsResponse = envelope('result_tags', z.object({ tags: z.array(Tag) }));
export type TagsResponse = z.infer<typeof TagsResponse>;

export { SORT_BY } from '../parameterValues';

export const ResultsResponse = envelope(
  'result_content',
  z.object({
    data: z.array(ResultDocument),
    pagination: z.object({ next: z.number().int().nullable().optional(), total: z.number().int() }),
  }),
);
export type ResultsResponse = z.infer<typeof ResultsResponse>;
