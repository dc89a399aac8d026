import { Box, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, type ReactNode } from 'react';
import { ChartDataTable } from '@/shared/ui/charts/ChartDataTable';
import type { BarChartProps, CartesianChartProps, WorldMapProps } from '@/shared/ui/charts/types';

// The chart libraries load with the first chart a screen draws, never with the portal's first page.
const LineChartView = lazy(() => import('@/shared/ui/charts/LineChartView'));
const BarChartView = lazy(() => import('@/shared/ui/charts/BarChartView'));
const WorldMapView = lazy(() => import('@/shared/ui/charts/map/WorldMapView'));

const hasData = (p: CartesianChartProps) => p.series.some((s) => s.data.some((v) => typeof v === 'number'));

function Placeholder({ height, label }: { height: number; label: string }) {
  return <Skeleton variant="rounded" height={height} aria-label={label} role="progressbar" />;
}

function Cartesian({ props, children }: { props: CartesianChartProps; children: ReactNode }) {
  const height = props.height ?? 300;
  if (props.loading) return <Placeholder height={height} label={`Loading ${props.title}`} />;
  if (!hasData(props) && props.emptyText) {
    return (
      <Box sx={{ height, display: 'grid', placeItems: 'center', textAlign: 'center', px: 2 }}>
        <Typography color="text.secondary">{props.emptyText}</Typography>
      </Box>
    );
  }
  return (
    <Box component="figure" aria-label={props.title} sx={{ m: 0, minWidth: 0 }}>
      <Suspense fallback={<Placeholder height={height} label={`Loading ${props.title}`} />}>
        {children}
      </Suspense>
      <ChartDataTable
        title={props.title}
        firstHeader={props.categoryLabel ?? 'Date'}
        categories={props.categories}
        series={props.series}
        valueFormatter={props.valueFormatter}
      />
    </Box>
  );
}

/** A line chart (@mui/x-charts, lazily loaded) with its numbers as a table for screen readers. */
export function LineChart(props: CartesianChartProps) {
  return (
    <Cartesian props={props}>
      <LineChartView {...props} />
    </Cartesian>
  );
}

/** A bar chart (@mui/x-charts, lazily loaded), grouped or stacked, upright or horizontal. */
export function BarChart(props: BarChartProps) {
  return (
    <Cartesian props={props}>
      <BarChartView {...props} />
    </Cartesian>
  );
}

/** A choropleth world map (world-atlas + topojson-client + d3-geo, lazily loaded). */
export function WorldMap(props: WorldMapProps) {
  return (
    <Box component="figure" aria-label={props.title} sx={{ m: 0, minWidth: 0 }}>
      <Suspense fallback={<Placeholder height={props.height ?? 320} label={`Loading ${props.title}`} />}>
        <WorldMapView {...props} />
      </Suspense>
    </Box>
  );
}
