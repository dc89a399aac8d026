import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PublicCard } from '@/shared/layout/PublicCard';

/** Spec 2.10: any unknown path. */
export function NotFoundScreen() {
  return (
    <PublicCard title="Page does not exist!">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        404 Not Found
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" fullWidth>
        Go to the home page
      </Button>
    </PublicCard>
  );
}
