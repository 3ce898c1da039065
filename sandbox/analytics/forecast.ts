// The forecast of a project time histogram: `forecast_days` daily buckets after the last one,
// projected from the recent mean with each weekday's share of it, and a 95% band of ±1.96
// standard deviations (clamped at 0). Given exactly when api.md's five conditions hold.
import type { HistogramResult } from '../../core/api/schemas/histogram';

const DAY = 86_400_000;
const WINDOW = 28;

export interface ForecastConditions {
  readonly type: string;
  readonly interval: string | undefined;
  readonly maxGiven: boolean;
  readonly projectHasForecasting: boolean;
  readonly forecastDays: number | undefined;
}

export function forecastApplies(conditions: ForecastConditions): boolean {
  return (
    (conditions.type === 'published' || conditions.type === 'search_indexed') &&
    (conditions.interval === undefined || conditions.interval === '1d') &&
    !conditions.maxGiven &&
    conditions.projectHasForecasting &&
    conditions.forecastDays !== undefined &&
    conditions.forecastDays >= 1 &&
    conditions.forecastDays <= 90
  );
}

export function forecast(
  histogram: HistogramResult,
  days: number,
): NonNullable<HistogramResult['forecast']> {
  const recent = histogram.data.slice(-WINDOW);
  const series = histogram.header?.v.length ?? 1;
  const last = histogram.data[histogram.data.length - 1]?.t ?? 0;
  const data = Array.from({ length: days }, (_, index) => {
    const t = last + (index + 1) * DAY;
    const weekday = new Date(t).getUTCDay();
    const v: number[] = [];
    const min: number[] = [];
    const max: number[] = [];
    for (let column = 0; column < series; column++) {
      const values = recent.map((bucket) => bucket.v[column] ?? 0);
      const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
      const sameDay = recent
        .filter((bucket) => new Date(bucket.t ?? 0).getUTCDay() === weekday)
        .map((bucket) => bucket.v[column] ?? 0);
      const dayMean =
        sameDay.length > 0 ? sameDay.reduce((sum, value) => sum + value, 0) / sameDay.length : mean;
      const deviation = Math.sqrt(
        values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length),
      );
      const projected = Math.round(dayMean * 100) / 100;
      v.push(projected);
      min.push(Math.max(0, Math.round((projected - 1.96 * deviation) * 100) / 100));
      max.push(Math.round((projected + 1.96 * deviation) * 100) / 100);
    }
    return { t, v, min_confidence: min, max_confidence: max };
  });
  return { header: histogram.header, data };
}
