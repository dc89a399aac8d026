import { Typography } from '@mui/material';
import { DOWNTIME_END } from '@/shared/config';
import { PublicCard } from '@/shared/layout/PublicCard';

interface MaintenanceScreenProps {
  /** When the service is expected back; the line is left out when no date is configured. */
  endsAt?: Date | null;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' });

/** Spec 2.10 and 4.6. */
export function MaintenanceScreen({ endsAt = DOWNTIME_END }: MaintenanceScreenProps) {
  return (
    <PublicCard title="We're Temporarily Down For Maintenance!">
      <Typography sx={{ mb: 1.5 }}>We are currently performing scheduled maintenance.</Typography>
      {endsAt && (
        <Typography sx={{ mb: 1.5 }}>
          We aim to be back online approximately by {dateFormat.format(endsAt)}
        </Typography>
      )}
      <Typography sx={{ mb: 1.5 }}>Please note any existing verifications will progress as usual.</Typography>
      <Typography color="text.secondary">Thank you for your patience.</Typography>
    </PublicCard>
  );
}
