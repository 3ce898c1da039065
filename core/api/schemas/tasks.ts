// Export tasks and credits (api.md "Export tasks", "Credit info"; gaps.md "What the service's
// published answers show").
import * as z from 'zod/mini';
import { envelope } from './envelope';
import { list, maybe } from './lenient';

export const TASK_STATUSES = [
  'UNKNOWN',
  'QUEUED',
  'RUNNING',
  'FINISHED',
  'FAILED',
  'DELETED',
  'ABORTED',
  'RESULT_LIMIT_REACHED',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * Responses show statuses in lower case; either case parses, to the upper-case form, and a
 * status this client does not know reads as UNKNOWN.
 */
export const TaskStatusField = z.pipe(
  z.string(),
  z.transform((value): TaskStatus => {
    const upper = value.toUpperCase();
    return (TASK_STATUSES as readonly string[]).includes(upper) ? (upper as TaskStatus) : 'UNKNOWN';
  }),
);

export const ExportTask = z.object({
  id: z.string(),
  type: maybe(z.string()),
  creation_date: maybe(z.string()),
  status: TaskStatusField,
  processed: maybe(z.number()),
  progress: maybe(z.number()),
  target: maybe(z.string()),
  /**
   * Whether the results may be read. gaps.md says a boolean; the service's published answers
   * show the number of results ready to read. Either parses.
   */
  ready: maybe(z.union([z.boolean(), z.number()])),
});
export type ExportTask = z.infer<typeof ExportTask>;

/** `start` and `stop`: epoch ms, or a `YYYY-MM-DD` date string. */
const Instant = z.union([
  z.number().check(z.int(), z.nonnegative()),
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD')),
]);

export { DEFAULT_EXPORT_LIMIT } from '../costs';

export const ExportRequest = z.strictObject({
  start: Instant,
  stop: z.optional(Instant),
  target: z.string().check(z.minLength(1)),
  query: z.optional(z.string().check(z.minLength(1))),
  limit: z.optional(z.number().check(z.int(), z.positive())),
  topics: z.optional(z.array(z.string())),
  datasets: z.optional(z.array(z.string())),
});
export type ExportRequest = z.infer<typeof ExportRequest>;

/** The query-only export: `query` is required there. */
export const ExportByQueryRequest = z.strictObject({
  ...ExportRequest.shape,
  query: z.string().check(z.minLength(1)),
});

export const TasksResponse = envelope('result_tasks', z.object({ tasks: list(ExportTask) }));
export type TasksResponse = z.infer<typeof TasksResponse>;

/** An abort answers the task's id and status only. */
export const AbortResponse = envelope(
  'result_tasks',
  z.object({ tasks: list(z.object({ id: z.string(), status: TaskStatusField })) }),
);
export type AbortResponse = z.infer<typeof AbortResponse>;

/**
 * What the client needs of the credit info: what is left. The rest is read when sent (the
 * service also sends `used_credits_processing` and `remaining_allowance_processing`).
 */
export const CreditInfo = z.object({
  used_credits_monthly: maybe(z.number()),
  used_credits_onetime: maybe(z.number()),
  remaining_credits_monthly: z.number(),
  remaining_credits_onetime: maybe(z.number()),
  estimate_credits_used_until_end_of_billing_period: maybe(z.number()),
  monthly_total: maybe(z.number()),
  next_billing_period: maybe(z.number()),
  used_credits_processing: maybe(z.number()),
  remaining_allowance_processing: maybe(z.number()),
});
export type CreditInfo = z.infer<typeof CreditInfo>;
export const CreditsResponse = envelope('result_creditinfo', CreditInfo);
export type CreditsResponse = z.infer<typeof CreditsResponse>;
