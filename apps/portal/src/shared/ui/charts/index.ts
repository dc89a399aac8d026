// Importing these does not load @mui/x-charts, d3-geo or the atlas: each chart's module is fetched when first drawn.
export { BarChart, LineChart, WorldMap } from '@/shared/ui/charts/lazy';
export type {
  BarChartProps,
  CartesianChartProps,
  ChartSeries,
  MapRegion,
  WorldMapProps,
} from '@/shared/ui/charts/types';
export {
  classLabels,
  classOf,
  FEW_TO_MANY,
  GOOD_TO_BAD,
  INSTITUTE_BREAKPOINTS,
  INSTITUTE_LEGEND,
} from '@/shared/ui/charts/map/scale';
export {
  DownloadSpreadsheetButton,
  DOWNLOAD_SPREADSHEET,
} from '@/shared/ui/charts/spreadsheet/DownloadSpreadsheetButton';
export { useSpreadsheetDownload } from '@/shared/ui/charts/spreadsheet/useSpreadsheetDownload';
export { chartSheet } from '@/shared/ui/charts/spreadsheet/sheet';
export type { Cell, Sheet } from '@/shared/ui/charts/spreadsheet/xlsx';
export { MapControls, REGIONS } from '@/shared/ui/charts/map/MapControls';
