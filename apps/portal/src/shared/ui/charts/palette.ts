import type { Theme } from '@mui/material/styles';
import type { ChartSeries } from '@/shared/ui/charts/types';

/** Series colours: the series' own, else the portal's navy, teal, amber, blue, red, green in turn. */
export function seriesColours(theme: Theme, series: readonly ChartSeries[]): string[] {
  const p = theme.palette;
  const cycle = [
    p.primary.main,
    p.secondary.main,
    p.warning.light,
    p.info.main,
    p.error.main,
    p.success.main,
  ];
  return series.map((s, i) => s.color ?? cycle[i % cycle.length]);
}
