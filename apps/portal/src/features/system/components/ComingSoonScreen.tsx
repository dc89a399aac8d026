import { Box, Card, CardContent, Typography } from '@mui/material';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';

interface ComingSoonScreenProps {
  /** The spec's screen name. */
  name: string;
  /** h1 on public pages; h2 inside the shell, whose top bar holds the h1. */
  headingLevel?: 'h1' | 'h2';
}

/** Stands in for a screen that is routed but not built yet, so every path of the route table leads somewhere. */
export function ComingSoonScreen({ name, headingLevel = 'h2' }: ComingSoonScreenProps) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', gap: 2.5, alignItems: 'flex-start' }}>
        <Box
          aria-hidden="true"
          sx={{
            flexShrink: 0,
            width: 48,
            height: 48,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(31, 58, 122, 0.08)',
            color: 'primary.main',
          }}
        >
          <ConstructionOutlined />
        </Box>
        <div>
          <Typography variant="h3" component={headingLevel} sx={{ mb: 0.75 }}>
            {name} — coming soon
          </Typography>
          <Typography color="text.secondary">This screen is on its way; it is not available yet.</Typography>
        </div>
      </CardContent>
    </Card>
  );
}
