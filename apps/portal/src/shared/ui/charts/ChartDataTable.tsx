import { Box } from '@mui/material';
import type { CartesianChartProps } from '@/shared/ui/charts/types';
import { visuallyHidden } from '@/shared/ui/visuallyHidden';

/** The chart's numbers as a table for screen readers: one row per category, one column per series. */
export function ChartDataTable({
  title,
  firstHeader,
  categories,
  series,
  valueFormatter = String,
}: Pick<CartesianChartProps, 'title' | 'categories' | 'series' | 'valueFormatter'> & {
  firstHeader: string;
}) {
  return (
    // A table ignores a 1px width; the wrapper is what clips it.
    <Box sx={visuallyHidden}>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{firstHeader}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((c, i) => (
            <tr key={`${i}-${c}`}>
              <th scope="row">{c}</th>
              {series.map((s) => {
                const v = s.data[i];
                return <td key={s.label}>{v == null ? '' : valueFormatter(v)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
