import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { seriesColours } from '@/shared/ui/charts/palette';
import type { BarChartProps } from '@/shared/ui/charts/types';

/** Room for the x-axis labels (see LineChartView): at x-charts' default 25 px they are shortened to nothing. */
const X_AXIS_HEIGHT = 34;

/** The @mui/x-charts bar chart, loaded only with a screen that draws one (see charts/index.ts). */
export default function BarChartView({
  categories,
  series,
  height = 300,
  valueFormatter = String,
  stacked = false,
  horizontal = false,
}: BarChartProps) {
  const colours = seriesColours(useTheme(), series);
  const format = (v: number) => valueFormatter(v);
  const data = [...categories];
  return (
    <BarChart
      height={height}
      layout={horizontal ? 'horizontal' : 'vertical'}
      xAxis={
        horizontal
          ? [{ valueFormatter: format, height: X_AXIS_HEIGHT }]
          : [{ scaleType: 'band', data, height: X_AXIS_HEIGHT }]
      }
      yAxis={horizontal ? [{ scaleType: 'band', data, width: 120 }] : [{ valueFormatter: format, width: 56 }]}
      series={series.map((s, i) => ({
        id: `${i}`,
        label: s.label,
        data: [...s.data],
        color: colours[i],
        stack: stacked ? 'total' : undefined,
        valueFormatter: (v: number | null) => (v == null ? '' : valueFormatter(v)),
      }))}
      grid={horizontal ? { vertical: true } : { horizontal: true }}
      hideLegend={series.length < 2}
      margin={{ top: 12, right: 16, bottom: 8, left: 8 }}
    />
  );
}
