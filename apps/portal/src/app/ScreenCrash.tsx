import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useEffect } from 'react';
import { Link as RouterLink, useRouteError } from 'react-router';
import { reportError } from '@/shared/debug/errorReporting';

/** The words of the spec's own 'Oops!' (verifications 8), for a page instead of a verification request. */
export const CRASH_TEXT = {
  title: 'Oops!',
  message: 'Something went wrong showing this page. Please try again or report this error.',
} as const;

/**
 * A screen that failed to render (a fault of ours, or its code no longer on the server after a release): in place of
 * the screen, inside the shell, which still works. The error is reported with the tab's recording (access 9). Trying
 * again reloads the page: a screen whose code failed to load is only loaded again by a new page.
 */
export function ScreenCrash() {
  const error = useRouteError();
  useEffect(() => {
    void reportError(error, 'render');
  }, [error]);
  return (
    <Card role="alert">
      <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
          <ErrorOutline color="error" fontSize="large" aria-hidden="true" />
          <Typography variant="h2" component="h1">
            {CRASH_TEXT.title}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {CRASH_TEXT.message}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            Go to the home page
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
