import Inbox from '@mui/icons-material/InboxOutlined';
import { Box, Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What an empty list says: what would be here and why it is empty, in a card rather than a giant icon. */
export function EmptyList({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ mt: 2, p: { xs: 3, sm: 4 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Inbox color="disabled" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 640 }}>
            {children}
          </Typography>
        ) : null}
        {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
      </Box>
    </Card>
  );
}
