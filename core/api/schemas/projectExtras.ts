// Answers of operations the service publishes beyond api.md that the extension does not use
// (views, source panels, topic import and deletion, AI summaries): read leniently, so that a
// client of these schemas gets what the service sends; the sandbox refuses them on purpose
// (docs/decisions.md).
import * as z from 'zod/mini';
import { envelope } from './envelope';
import { list, maybe } from './lenient';
import { TopicsList } from './projects';

const Named = z.looseObject({ id: z.string(), title: maybe(z.string()) });

export const ViewsResponse = envelope(
  'result_views',
  z.object({
    projects: list(
      z.looseObject({
        id: z.string(),
        title: maybe(z.string()),
        dashboards: list(z.looseObject({ id: z.string(), title: maybe(z.string()) })),
        reports: list(z.looseObject({ id: z.string(), title: maybe(z.string()) })),
      }),
    ),
  }),
);

const Panel = z.looseObject({
  id: z.string(),
  title: maybe(z.string()),
  description: maybe(z.string()),
  included_entries: maybe(z.array(z.looseObject({ entry_type: maybe(z.string()) }))),
});

export const SourcePanelsListResponse = envelope(
  'result_source_panels',
  z.object({
    data: list(
      z.object({
        group: z.looseObject({ id: z.string(), title: maybe(z.string()), panels: list(Panel) }),
      }),
    ),
  }),
);

export const SourcePanelsChangeResponse = envelope(
  'result_source_panels',
  z.object({
    data: list(z.looseObject({ success: z.boolean(), panel: maybe(Panel), group: maybe(Named) })),
  }),
);

export const TopicsImportResponse = envelope('result_topics', TopicsList);

export const TopicsDeleteResponse = envelope(
  'result_topic_deletion',
  z.object({
    bulk_answer: list(
      z.looseObject({ id: z.string(), category_id: maybe(z.string()), success: z.boolean() }),
    ),
  }),
);

export const SummaryResponse = envelope('summary', z.object({ summary: maybe(z.string()) }));

/** The request bodies of these operations, read as any object. */
export const AnyObject = z.looseObject({});
