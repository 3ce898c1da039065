// Custom metrics, of a dataset template (api.md "Custom metrics", "Custom metric") or of a
// project (the service's published answers; gaps.md). Both answer `result_custom_metrics`; the
// project's leave out `dataset_template_id`.
import * as z from 'zod/mini';
import { envelope } from './envelope';
import { list, maybe } from './lenient';

export const METRIC_FORMATS = [
  'DATE_TIME',
  'DECIMAL',
  'DURATION',
  'INTEGER',
  'TEXT',
  'KEYWORD',
] as const;

/** A format as answered: `name` one of METRIC_FORMATS or CUSTOMIZED (then the other two). */
export const MetricFormat = z.object({
  name: z.string(),
  metric_type: maybe(z.string()),
  format_type: maybe(z.string()),
});

export const CustomMetric = z.object({
  name: z.string(),
  title: maybe(z.string()),
  description: maybe(z.string()),
  display_in_ui: maybe(z.boolean()),
  update_ts: maybe(z.number()),
  format: maybe(MetricFormat),
});
export type CustomMetric = z.infer<typeof CustomMetric>;

const isFormat = (value: string) =>
  (METRIC_FORMATS as readonly string[]).includes(value.toUpperCase());

/** The add request: `format` is a string, case-insensitive. */
export const NewCustomMetric = z.object({
  name: z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'name must be an identifier')),
  title: z.string(),
  description: z.optional(z.string()),
  display_in_ui: z.optional(z.boolean()),
  format: z
    .string()
    .check(z.refine(isFormat, `format must be one of ${METRIC_FORMATS.join(', ')}`)),
});
export type NewCustomMetric = z.infer<typeof NewCustomMetric>;
/**
 * The add request as the sandbox reads it: each metric only an object with a name, so that a bad
 * one is refused on its own (api.md: add reports failures per item) and the others are added.
 */
export const AddCustomMetricsRequest = z.object({
  custom_metrics: z.array(z.looseObject({ name: z.string() })).check(z.minLength(1)),
});
/** The update request: what changes of each metric (its format cannot). */
export const MetricChange = z.object({
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  display_in_ui: z.optional(z.boolean()),
});
export type MetricChange = z.infer<typeof MetricChange>;
export const UpdateCustomMetricsRequest = z.object({
  custom_metrics: z.array(z.looseObject({ name: z.string() })).check(z.minLength(1)),
});
export const DeleteCustomMetricsRequest = z.object({
  metric_names: z.array(z.string()).check(z.minLength(1)),
});

export const MetricOutcome = z.object({
  success: z.boolean(),
  error_message: maybe(z.string()),
  custom_metric: maybe(z.partial(CustomMetric)),
});
export type MetricOutcome = z.infer<typeof MetricOutcome>;

export const CustomMetricsListResponse = envelope(
  'result_custom_metrics',
  z.object({
    dataset_template_id: maybe(z.string()),
    data: list(z.object({ custom_metric: CustomMetric })),
  }),
);
export const CustomMetricsChangeResponse = envelope(
  'result_custom_metrics',
  z.object({ dataset_template_id: maybe(z.string()), data: list(MetricOutcome) }),
);
export type CustomMetricsListResponse = z.infer<typeof CustomMetricsListResponse>;
export type CustomMetricsChangeResponse = z.infer<typeof CustomMetricsChangeResponse>;
