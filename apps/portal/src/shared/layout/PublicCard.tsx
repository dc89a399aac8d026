import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PublicCardProps {
  title?: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The card a public screen sits in; its title is the page's heading. */
export function PublicCard({ title, subtitle, children }: PublicCardProps) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        {title && (
          <Typography variant="h2" component="h1" sx={{ mb: subtitle ? 0.75 : 2.5 }}>
            {title}
          </Typography>
        )}
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
