import { Chip, type ChipProps } from '@mui/material';

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'default' | 'primary';

/** A small coloured label: results, states, yes/no. */
export function StatusChip({ label, tone = 'default', ...props }: { label: string; tone?: Tone } & Omit<ChipProps, 'color'>) {
  return (
    <Chip
      size="small"
      label={label}
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600, borderRadius: 1.5, ...props.sx }}
      {...props}
    />
  );
}
