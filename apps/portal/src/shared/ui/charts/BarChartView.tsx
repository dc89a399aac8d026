import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { valueTickMinStep } from '@/shared/ui/charts/axis';
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
  valueMax,
  valueLabels = false,
}: BarChartProps) {
  const colours = seriesColours(useTheme(), series);
  const format = (v: number) => valueFormatter(v);
  const tickMinStep = valueTickMinStep(series);
  const data = [...categories];
  // Bars that carry their figures need no value axis (nor its grid lines), and their category axis only as wide as
  // its labels (a year, not a country's name), which leaves the bars room for the figures.
  const hidden = valueLabels ? ('none' as const) : undefined;
  const bandWidth = valueLabels ? Math.min(120, 16 + 8 * Math.max(0, ...data.map((c) => c.length))) : 120;
  return (
    <BarChart
      height={height}
      layout={horizontal ? 'horizontal' : 'vertical'}
      xAxis={
        horizontal
          ? [
              {
                valueFormatter: format,
                height: valueLabels ? 0 : X_AXIS_HEIGHT,
                max: valueMax,
                position: hidden,
                tickMinStep,
              },
            ]
          : [{ scaleType: 'band', data, height: X_AXIS_HEIGHT }]
      }
      yAxis={
        horizontal
          ? [{ scaleType: 'band', data, width: bandWidth, disableTicks: valueLabels }]
          : [
              {
                valueFormatter: format,
                width: valueLabels ? 0 : 56,
                max: valueMax,
                position: hidden,
                tickMinStep,
              },
            ]
      }
      series={series.map((s, i) => ({
        id: `${i}`,
        label: s.label,
        data: [...s.data],
        color: colours[i],
        stack: stacked ? 'total' : undefined,
        valueFormatter: (v: number | null) => (v == null ? '' : valueFormatter(v)),
        barLabel: valueLabels
          ? (item: { value: number | null }) => (item.value == null ? null : valueFormatter(item.value))
          : undefined,
        barLabelPlacement: valueLabels ? ('outside' as const) : undefined,
      }))}
      grid={valueLabels ? undefined : horizontal ? { vertical: true } : { horizontal: true }}
      hideLegend={series.length < 2}
      margin={{ top: 12, right: 16, bottom: 8, left: 8 }}
    />
  );
}
