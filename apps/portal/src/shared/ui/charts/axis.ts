import type { ChartSeries } from '@/shared/ui/charts/types';

/**
 * The value axis's smallest tick step: 1 when every value is a whole number (counts of verifications, countries),
 * so a chart of 0 and 1 does not read 0.5 and 1.5; otherwise x-charts' own choice.
 */
export function valueTickMinStep(series: readonly ChartSeries[]): number | undefined {
  return series.every((s) => s.data.every((v) => v == null || Number.isInteger(v))) ? 1 : undefined;
}
