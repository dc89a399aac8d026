import { Box, Button, Link, Stack, Typography } from '@mui/material';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import { Link as RouterLink } from 'react-router';
import { FAQ_URLS, LINKS } from '@/shared/config';
import { PublicCard } from '@/shared/layout/PublicCard';

/** Spec 2.9: the welcome page for new organisations with a large expected volume. */
export function BookAMeetingScreen() {
  return (
    <PublicCard title="Welcome to Credence">
      <Stack spacing={2}>
        <Typography>
          Thank you for registering. Organisations checking at your volume get the most from Credence with a
          short introduction: book a video call with our solutions team and we will set your account up around
          the way your team works.
        </Typography>
        <Button
          href={LINKS.bookMeeting}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          size="large"
          startIcon={<EventAvailableOutlined />}
        >
          Book an introductory call
        </Button>
        <Typography variant="body2" color="text.secondary">
          Prefer e-mail? Write to our sales team at{' '}
          <Link href={`mailto:${LINKS.salesEmail}`}>{LINKS.salesEmail}</Link>. Answers to common questions are
          in the{' '}
          <Link href={FAQ_URLS.organisation} target="_blank" rel="noopener noreferrer">
            organisation FAQs
          </Link>
          .
        </Typography>
        <Box sx={{ pt: 1 }}>
          <Button component={RouterLink} to="/dashboard" variant="outlined" fullWidth>
            Continue to dashboard
          </Button>
        </Box>
      </Stack>
    </PublicCard>
  );
}
