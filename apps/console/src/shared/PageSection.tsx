import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card, the building block of the show pages. */
export function PageSection({ title, action, children, id }: { title: string; action?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, overflowX: 'auto', '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 700, color: 'secondary.main', minWidth: 0 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
