import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { valueTickMinStep } from '@/shared/ui/charts/axis';
import { seriesColours } from '@/shared/ui/charts/palette';
import type { CartesianChartProps } from '@/shared/ui/charts/types';

/**
 * Room for the x-axis labels: at x-charts' default (25 px, the ticks included) a label in the theme's font does not
 * fit, is shortened to nothing, and the axis shows no labels at all (seen on every chart's screenshot).
 */
const X_AXIS_HEIGHT = 34;

/** The @mui/x-charts line chart, loaded only with a screen that draws one (see charts/index.ts). */
export default function LineChartView({
  categories,
  series,
  height = 300,
  valueFormatter = String,
}: CartesianChartProps) {
  const colours = seriesColours(useTheme(), series);
  // Counts and amounts start from zero, or a small rise looks like a steep one.
  const floor = series.every((s) => s.data.every((v) => v == null || v >= 0)) ? 0 : undefined;
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: [...categories], height: X_AXIS_HEIGHT }]}
      yAxis={[
        {
          valueFormatter: (v: number) => valueFormatter(v),
          width: 56,
          min: floor,
          tickMinStep: valueTickMinStep(series),
        },
      ]}
      series={series.map((s, i) => ({
        id: `${i}`,
        label: s.label,
        data: [...s.data],
        color: colours[i],
        connectNulls: false,
        curve: 'linear',
        valueFormatter: (v: number | null) => (v == null ? '' : valueFormatter(v)),
      }))}
      grid={{ horizontal: true }}
      hideLegend={series.length < 2}
      // The last category sits on the right edge of the plot and its label is centred there: x-charts shortens a
      // label to twice the room on its narrower side, so at 16 px 'Nov 2026' became 'Nov…'. 32 px fits a month.
      margin={{ top: 12, right: 32, bottom: 8, left: 8 }}
    />
  );
}
