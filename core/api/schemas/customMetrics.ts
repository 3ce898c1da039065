// Custom metrics under a dataset template (api.md "Custom metrics", "Custom metric").
import { z } from 'zod';
import { envelope } from './envelope';

export const METRIC_FORMATS = [
  'DATE_TIME',
  'DECIMAL',
  'DURATION',
  'INTEGER',
  'TEXT',
  'KEYWORD',
] as const;
export const METRIC_TYPES = ['UNKNOWN_TYPE', 'LONG', 'DOUBLE', 'TEXT', 'KEYWORD'] as const;
export const FORMAT_TYPES = [
  'PLAIN',
  'DATE',
  'DATE_TIME',
  'DURATION',
  'NUMBER_INT',
  'NUMBER_FLOAT',
  'NUMBER_PERCENTAGE',
  'NUMBER_SHORTENED',
] as const;

export const MetricFormat = z.object({
  name: z.enum([...METRIC_FORMATS, 'CUSTOMIZED']),
  metric_type: z.enum(METRIC_TYPES).optional(),
  format_type: z.enum(FORMAT_TYPES).optional(),
});

export const CustomMetric = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  display_in_ui: z.boolean().optional(),
  update_ts: z.number().optional(),
  format: MetricFormat.optional(),
});
export type CustomMetric = z.infer<typeof CustomMetric>;

/** The add request: `format` is a string, case-insensitive. */
export const NewCustomMetric = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'name must be an identifier'),
  title: z.string(),
  description: z.string().optional(),
  display_in_ui: z.boolean().optional(),
  format: z
    .string()
    .refine(
      (value) => (METRIC_FORMATS as readonly string[]).includes(value.toUpperCase()),
      `format must be one of ${METRIC_FORMATS.join(', ')}`,
    ),
});
export const AddCustomMetricsRequest = z.object({
  custom_metrics: z.array(NewCustomMetric).min(1),
});
export const DeleteCustomMetricsRequest = z.object({ metric_names: z.array(z.string()).min(1) });

export const MetricOutcome = z.object({
  success: z.boolean(),
  error_message: z.string().optional(),
  custom_metric: CustomMetric.partial().optional(),
});

export const CustomMetricsListResponse = envelope(
  'result_custom_metrics',
  z.object({
    dataset_template_id: z.string(),
    data: z.array(z.object({ custom_metric: CustomMetric })),
  }),
);
export const CustomMetricsChangeResponse = envelope(
  'result_custom_metrics',
  z.object({ dataset_template_id: z.string(), data: z.array(MetricOutcome) }),
);
export type CustomMetricsListResponse = z.infer<typeof CustomMetricsListResponse>;
export type CustomMetricsChangeResponse = z.infer<typeof CustomMetricsChangeResponse>;
