// Export tasks and credits (api.md "Export tasks", "Credit info").
import { z } from 'zod';
import { envelope } from './envelope';

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

/** Responses show statuses in lower case; either case parses, to the upper-case form. */
const Status = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(TASK_STATUSES));

export const ExportTask = z.object({
  id: z.string(),
  type: z.string().optional(),
  creation_date: z.string().optional(),
  status: Status,
  processed: z.number().int().optional(),
  progress: z.number().optional(),
  target: z.string().optional(),
});
export type ExportTask = z.infer<typeof ExportTask>;

/** `start` and `stop`: epoch ms, or a `YYYY-MM-DD` date string. */
const Instant = z.union([
  z.number().int().nonnegative(),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD'),
]);

export { DEFAULT_EXPORT_LIMIT } from '../costs';

export const ExportRequest = z
  .object({
    start: Instant,
    stop: Instant.optional(),
    target: z.string().min(1),
    query: z.string().min(1).optional(),
    limit: z.number().int().positive().optional(),
    topics: z.array(z.string()).optional(),
    datasets: z.array(z.string()).optional(),
  })
  .strict();
export type ExportRequest = z.infer<typeof ExportRequest>;

export const TasksResponse = envelope('result_tasks', z.object({ tasks: z.array(ExportTask) }));
export type TasksResponse = z.infer<typeof TasksResponse>;

export const CreditInfo = z.object({
  used_credits_monthly: z.number().int(),
  used_credits_onetime: z.number().int(),
  remaining_credits_monthly: z.number().int(),
  remaining_credits_onetime: z.number().int(),
  estimate_credits_used_until_end_of_billing_period: z.number().int(),
  monthly_total: z.number().int(),
  next_billing_period: z.number().int(),
});
export type CreditInfo = z.infer<typeof CreditInfo>;
export const CreditsResponse = envelope('result_creditinfo', CreditInfo);
export type CreditsResponse = z.infer<typeof CreditsResponse>;
