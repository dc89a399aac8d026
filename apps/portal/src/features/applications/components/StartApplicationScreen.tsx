import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { APPLICATION_TEXTS } from '@credence/domain';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useApplication } from '@/features/applications/hooks/useApplications';
import { ApplicationWizard } from '@/features/ordering/components/NewVerificationScreen';
import { sessionStore } from '@/shared/session/sessionStore';

/**
 * Start application (/application/{id}/start, verifications 2.13): marks the application as in progress while it
 * is open (every call then carries X-QC-APPL-ID) and clears the mark on leaving; the loading texts; then the
 * new-verification wizard seeded with the application. An application no longer open is shown as it stands.
 */
export function StartApplicationScreen() {
  const { id = '' } = useParams();
  const application = useApplication(id);
  const open = application.data?.status === 'OPEN';
  // Whether it was open when the page opened: the wizard's own submit closes it, and then the wizard leads on
  // (to the new verifications), not this page's redirect for applications already closed.
  const [openedOpen, setOpenedOpen] = useState<boolean | null>(null);
  if (openedOpen === null && application.data) setOpenedOpen(open);

  useEffect(() => {
    if (!open) return;
    sessionStore.setApplicationInProgress(id);
    return () => sessionStore.setApplicationInProgress(null);
  }, [id, open]);

  if (application.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', alignItems: 'center', textAlign: 'center', py: 4 }} role="status">
        <CircularProgress aria-hidden />
        <Typography component="h2" variant="h5">
          {APPLICATION_TEXTS.loadingTitle}
        </Typography>
        <Typography>{APPLICATION_TEXTS.loadingBody}</Typography>
      </Stack>
    );
  }
  if (application.isError) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <Alert severity="error">This application could not be found.</Alert>
      </Box>
    );
  }
  if (openedOpen === false || (openedOpen === null && !open)) return <Navigate to={`/application/history/${encodeURIComponent(id)}`} replace />;
  return <ApplicationWizard application={application.data} />;
}
