import { Box, Button, MenuItem, TextField } from '@mui/material';
import type { MapRegion } from '@/shared/ui/charts/types';

/** The region buttons (money 2.17, 2.18, 9): World, 150 Europe, 142 Asia, 002 Africa, 019 Americas, 009 Oceania (UN M49). */
export const REGIONS: readonly { id: MapRegion; label: string }[] = [
  { id: 'world', label: 'World' },
  { id: '150', label: 'Europe' },
  { id: '142', label: 'Asia' },
  { id: '002', label: 'Africa' },
  { id: '019', label: 'Americas' },
  { id: '009', label: 'Oceania' },
];

/**
 * What sits above a world map on Coverage (money 2.17) and Country Insights (2.18): the region buttons, and the
 * 'Select a map' dropdown of the screen's maps, wrapping under the buttons when the row is too narrow.
 */
export function MapControls({
  id,
  region,
  onRegion,
  maps,
  map,
  onMap,
  minWidth,
}: {
  /** The dropdown's id (its label points at it). */
  id: string;
  region: MapRegion;
  onRegion: (region: MapRegion) => void;
  /** The maps' labels, as listed. */
  maps: readonly string[];
  map: string;
  onMap: (label: string) => void;
  /** Wide enough for the longest label. */
  minWidth: number;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1.5,
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box role="group" aria-label="Region" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {REGIONS.map((r) => (
          <Button
            key={r.id}
            size="small"
            variant={region === r.id ? 'contained' : 'outlined'}
            aria-pressed={region === r.id}
            onClick={() => onRegion(r.id)}
          >
            {r.label}
          </Button>
        ))}
      </Box>
      {/* Beside the buttons where there is room (the theme makes fields full width); across a phone. */}
      <TextField
        select
        size="small"
        id={id}
        label="Select a map"
        value={map}
        onChange={(e) => onMap(e.target.value)}
        fullWidth={false}
        sx={{ minWidth, width: { xs: '100%', sm: 'auto' } }}
      >
        {maps.map((label) => (
          <MenuItem key={label} value={label}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
