import type { ChartSeries } from '@/shared/ui/charts/types';
import type { Cell, Sheet } from '@/shared/ui/charts/spreadsheet/xlsx';

/**
 * A chart's data as a sheet: the first column the categories, then one column per series. The headers are the
 * spec's (money 9), e.g. ['Date', 'Revenue Spend in £'] where the legend says 'REVENUE SPEND (£)'.
 */
export function chartSheet(input: {
  headers: readonly string[];
  categories: readonly string[];
  series: readonly Pick<ChartSeries, 'data'>[];
  decimals?: Sheet['decimals'];
  name?: string;
}): Sheet {
  if (input.headers.length !== input.series.length + 1) {
    throw new Error(
      `chartSheet: ${input.headers.length} headers for ${input.series.length} series and the categories`,
    );
  }
  return {
    header: input.headers,
    rows: input.categories.map((c, i): Cell[] => [c, ...input.series.map((s) => s.data[i] ?? null)]),
    decimals: input.decimals,
    name: input.name,
  };
}
