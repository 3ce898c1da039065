// Custom metrics per dataset template (api.md "Custom metrics"): added and deleted item by item,
// each item reporting its own success or error.
import type { CustomMetric } from '../core/api/schemas/customMetrics';
import { shorten } from './http/quote';

export interface MetricOutcome {
  success: boolean;
  error_message?: string;
  custom_metric?: Partial<CustomMetric>;
}

export interface NewMetric {
  readonly name: string;
  readonly title: string;
  readonly description?: string;
  readonly display_in_ui?: boolean;
  readonly format: string;
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

  add(template: string, metrics: readonly NewMetric[]): MetricOutcome[] {
    const existing = this.template(template);
    return metrics.map((metric) => {
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
          name: metric.format.toUpperCase() as NonNullable<CustomMetric['format']>['name'],
        },
      };
      existing.set(metric.name, created);
      return { success: true, custom_metric: created };
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
