import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PublicCard } from '@/shared/layout/PublicCard';

export const OWNER_MESSAGES = {
  template:
    'No organsiation found for this application page or the organisation is not taking applications at this time.',
  referral:
    'No organisation found for this referral or the organisation is not taking referrals at this time.',
} as const;

/** Spec 2.7 (c). The template message keeps the spec's spelling. */
export function OwnerNotFound({ kind }: { kind: 'template' | 'referral' }) {
  return (
    <PublicCard title="Organisation not found!">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {OWNER_MESSAGES[kind]}
      </Typography>
      <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
        Go to the login page
      </Button>
    </PublicCard>
  );
}

/** Spec 2.7 (d): the owner's status is CLOSED. */
export function ApplicationsClosed({ description }: { description?: string | null }) {
  return (
    <PublicCard title="Applications closed">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {description || 'This organisation is not taking applications at this time.'}
      </Typography>
      <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
        Go to the login page
      </Button>
    </PublicCard>
  );
}
