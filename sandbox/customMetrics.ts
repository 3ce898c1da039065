// Custom metrics per dataset template (api.md "Custom metrics") or per project (the service's
// published description): added, updated and deleted item by item, each item reporting its own
// success or error, so that one bad item never refuses the others.
import * as z from 'zod/mini';
import { issueText } from '../core/api/shapeProblem';
import {
  MetricChange,
  NewCustomMetric,
  type CustomMetric,
} from '../core/api/schemas/customMetrics';
import { shorten } from './http/quote';

export interface MetricOutcome {
  success: boolean;
  error_message?: string;
  custom_metric?: Partial<CustomMetric>;
}

/** An item of an add or update request: only its name is known to be there. */
export type MetricItem = { readonly name: string } & Readonly<Record<string, unknown>>;

/** The store's key of a project's own metrics (templates are keyed by their ids). */
export const projectMetricsKey = (project: string) => `project:${project}`;

/** The item checked against `schema`, or why it is refused. */
function checked<T>(schema: z.ZodMiniType<T>, item: MetricItem): T | string {
  const parsed = z.safeParse(schema, item);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return issue
    ? `${issue.path.map(String).join('.') || 'metric'}: ${issueText(issue, item)}`
    : 'not a custom metric';
}

export class CustomMetrics {
  private readonly templates = new Map<string, Map<string, CustomMetric>>();

  constructor(private readonly now: () => number) {}

  private template(id: string): Map<string, CustomMetric> {
    let metrics = this.templates.get(id);
    if (!metrics) {
      metrics = new Map();
      this.templates.set(id, metrics);
    }
    return metrics;
  }

  list(template: string): CustomMetric[] {
    return [...this.template(template).values()];
  }

  has(template: string | undefined, name: string): boolean {
    return template !== undefined && this.template(template).has(name);
  }

  add(template: string, items: readonly MetricItem[]): MetricOutcome[] {
    const existing = this.template(template);
    return items.map((item) => {
      const metric = checked(NewCustomMetric, item);
      if (typeof metric === 'string')
        return {
          success: false,
          error_message: `Custom metric ${shorten(item.name)} not added: ${metric}`,
          custom_metric: { name: shorten(item.name) },
        };
      if (existing.has(metric.name))
        return {
          success: false,
          error_message: `Custom metric ${shorten(metric.name)} already exists`,
        };
      const created: CustomMetric = {
        name: metric.name,
        title: metric.title,
        description: metric.description ?? '',
        display_in_ui: metric.display_in_ui ?? true,
        update_ts: this.now(),
        format: {
          name: metric.format.toUpperCase(),
        },
      };
      existing.set(metric.name, created);
      return { success: true, custom_metric: created };
    });
  }

  /** Changes title, description or display of existing metrics; a format cannot change. */
  update(template: string, items: readonly MetricItem[]): MetricOutcome[] {
    const existing = this.template(template);
    return items.map((item) => {
      const change = checked(MetricChange, item);
      const current = existing.get(item.name);
      const refused = (why: string): MetricOutcome => ({
        success: false,
        error_message: `Custom metric ${shorten(item.name)} not updated: ${why}`,
        custom_metric: { name: shorten(item.name) },
      });
      if (typeof change === 'string') return refused(change);
      if (!current) return refused('there is no custom metric of that name');
      if ('format' in item) return refused('a format cannot change; delete and add the metric');
      const updated: CustomMetric = {
        ...current,
        ...(change.title === undefined ? {} : { title: change.title }),
        ...(change.description === undefined ? {} : { description: change.description }),
        ...(change.display_in_ui === undefined ? {} : { display_in_ui: change.display_in_ui }),
        update_ts: this.now(),
      };
      existing.set(item.name, updated);
      return { success: true, custom_metric: updated };
    });
  }

  delete(template: string, names: readonly string[]): MetricOutcome[] {
    const existing = this.template(template);
    return names.map((name) =>
      existing.delete(name)
        ? { success: true, custom_metric: { name } }
        : {
            success: false,
            error_message: `No custom metric named ${shorten(name)}`,
            // Says which item failed; a name no metric has is not sent back whole.
            custom_metric: { name: shorten(name) },
          },
    );
  }

  reset(): void {
    this.templates.clear();
  }
}
