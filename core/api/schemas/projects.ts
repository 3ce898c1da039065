// Projects, resources, topics, tags and search results (api.md "Projects, topics, filters,
// datasets, tags"; gaps.md "Projects, topics, tags, uploads" and "What the service's published
// answers show"). Required is only what a client cannot work without: the ids.
import * as z from 'zod/mini';
import { envelope } from './envelope';
import { ResultDocument } from './document';
import { list, maybe } from './lenient';

export const Project = z.object({
  id: z.string(),
  name: maybe(z.string()),
  account_id: maybe(z.string()),
  account_name: maybe(z.string()),
  /** The service leaves it out for most projects. */
  capabilities: maybe(z.object({ import_type: list(z.string()) })),
});
export type Project = z.infer<typeof Project>;

export const AccountInfoResponse = envelope(
  'result_accinfo',
  z.object({ projects: list(Project) }),
);
export type AccountInfoResponse = z.infer<typeof AccountInfoResponse>;

export const ResourceNode = z.object({
  id: z.string(),
  title: maybe(z.string()),
  description: maybe(z.string()),
});
export const ResourceGroup = z.object({
  id: z.string(),
  title: maybe(z.string()),
  description: maybe(z.string()),
  nodes: list(ResourceNode),
});
export type ResourceGroup = z.infer<typeof ResourceGroup>;

/**
 * A dataset of a customer-intelligence project. gaps.md: `dataset_template_id` names the template
 * holding its custom metrics (the only place a client learns it); optional, so that an answer
 * without it still parses and only the custom-field checks are skipped.
 */
export const Dataset = z.object({
  id: z.string(),
  title: maybe(z.string()),
  dataset_template_id: maybe(z.string()),
});
export type Dataset = z.infer<typeof Dataset>;

/** A channel (`type=page`), an event or a source panel of a project: an id and a title. */
export const NamedResource = z.looseObject({ id: z.string(), title: maybe(z.string()) });
export type NamedResource = z.infer<typeof NamedResource>;

/**
 * `type=search,filter,dataset,…`: which lists the answer holds (without `type`, all of them).
 * gaps.md: `page` answers `channels[]`, `event` `events[]`, `panel` `panels[]`.
 */
export const RESOURCE_TYPES = ['search', 'filter', 'dataset', 'page', 'event', 'panel'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const ProjectResources = z.object({
  id: z.string(),
  title: maybe(z.string()),
  topics: maybe(z.array(ResourceGroup)),
  filters: maybe(z.array(ResourceGroup)),
  datasets: maybe(z.array(Dataset)),
  channels: maybe(z.array(NamedResource)),
  events: maybe(z.array(NamedResource)),
  panels: maybe(z.array(NamedResource)),
});
export const ResourcesResponse = envelope(
  'result_resources',
  z.object({ projects: list(ProjectResources) }),
);
export type ResourcesResponse = z.infer<typeof ResourcesResponse>;

/**
 * A topic or filter with its definition; a topic matches when an included line does and no
 * excluded line does. The service leaves out an empty `excluded_queries`.
 */
export const TopicDefinition = z.object({
  id: z.string(),
  title: maybe(z.string()),
  description: maybe(z.string()),
  included_queries: list(z.string()),
  excluded_queries: list(z.string()),
  created_ts: maybe(z.number()),
  updated_ts: maybe(z.number()),
  color: maybe(z.string()),
});
export type TopicDefinition = z.infer<typeof TopicDefinition>;

export const TopicCategory = z.object({
  id: z.string(),
  title: maybe(z.string()),
  description: maybe(z.string()),
  query_topics: list(TopicDefinition),
});

export const TopicsList = z.object({
  topic_categories: list(TopicCategory),
  filter_categories: list(TopicCategory),
});
export const TopicsListResponse = envelope('result_topics', TopicsList);
export type TopicsListResponse = z.infer<typeof TopicsListResponse>;

/** One topic or filter with the category it is in. */
export const TopicDetails = z.extend(TopicDefinition, {
  type: maybe(z.string()),
  category_id: maybe(z.string()),
  category_title: maybe(z.string()),
  category_description: maybe(z.string()),
});
export const TopicDetailsResponse = envelope('result_topic_details', TopicDetails);
export type TopicDetailsResponse = z.infer<typeof TopicDetailsResponse>;

export const Tag = z.object({ id: z.string(), label: maybe(z.string()) });
export type Tag = z.infer<typeof Tag>;
export const TagsResponse = envelope('result_tags', z.object({ tags: list(Tag) }));
export type TagsResponse = z.infer<typeof TagsResponse>;

/**
 * Where the next page of search results is (gaps.md): at the top level of the answer, `next` the
 * request line of the next page, left out on the last. api.md's earlier form, inside
 * `result_content` with a numeric `next`, is read too.
 */
export const Pagination = z.object({
  next: maybe(z.union([z.string(), z.number()])),
  total: maybe(z.number()),
});
export type Pagination = z.infer<typeof Pagination>;

export const ResultsResponse = z.extend(
  envelope(
    'result_content',
    z.object({ data: list(ResultDocument), pagination: maybe(Pagination) }),
  ),
  { pagination: maybe(Pagination) },
);
export type ResultsResponse = z.infer<typeof ResultsResponse>;
