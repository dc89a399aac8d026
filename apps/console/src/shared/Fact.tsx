import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One labelled value of a summary grid; empty values show a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: '0.06em', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Box>
  );
}

/** A responsive grid of facts: two columns on a phone, up to `columns` on a wide screen. */
export function FactGrid({ children, columns = 4 }: { children: ReactNode; columns?: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` } }}>
      {children}
    </Box>
  );
}
