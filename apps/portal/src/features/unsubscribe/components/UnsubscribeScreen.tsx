import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { unsubscribe } from '@/features/unsubscribe/api/unsubscribe';
import { PublicCard } from '@/shared/layout/PublicCard';

/** Spec 5.6, word for word. */
export const UNSUBSCRIBE_REASONS = [
  "I'm no longer applying to that organisation.",
  'I used a different route to verify or supply credentials.',
  'The service was too expensive.',
  'I could not find my school or provider listed.',
  'I could not find the help or assistance I needed to complete my application.',
  'The website did not work properly, I could not complete my application.',
  'Will complete the application, do not need reminders.',
  'My payment was not accepted.',
  'Other / prefer not to say.',
] as const;

/** Spec 2.8: /unsubscribe?appid= asks for a reason and stops the application's reminders. */
export function UnsubscribeScreen() {
  const [query] = useSearchParams();
  const appId = query.get('appid') ?? '';
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!reason) return;
    setSending(true);
    try {
      await unsubscribe(appId, reason);
      setDone(true);
    } catch (error) {
      // Spec 2.8: failures are only logged.
      console.warn('Unsubscribe failed', error);
      setSending(false);
    }
  }

  if (done) {
    return (
      <PublicCard>
        <Box sx={{ textAlign: 'center', py: 1 }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden="true" />
          <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
            Unsubscribed successfully.
          </Typography>
          <Typography color="text.secondary">
            You will no longer receive reminders regarding your application.
          </Typography>
        </Box>
      </PublicCard>
    );
  }

  return (
    <PublicCard
      title="Unsubscribe from reminders"
      subtitle="We will stop e-mailing you about this application. Please tell us why, so we can improve."
    >
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.5 }}>
        <FormControl required>
          <FormLabel id="unsubscribe-reason-label" sx={{ mb: 1 }}>
            Reason
          </FormLabel>
          <RadioGroup
            aria-labelledby="unsubscribe-reason-label"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            {UNSUBSCRIBE_REASONS.map((r) => (
              <FormControlLabel
                key={r}
                value={r}
                control={<Radio size="small" />}
                label={<Typography variant="body2">{r}</Typography>}
                sx={{ py: 0.25 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Button type="submit" variant="contained" size="large" disabled={!reason} loading={sending}>
          Unsubscribe
        </Button>
      </Box>
    </PublicCard>
  );
}
