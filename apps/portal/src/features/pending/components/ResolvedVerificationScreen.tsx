import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useResolvedVerification } from '@/features/pending/hooks/usePendingRequest';
import { EventTimeline } from '@/features/verifications/components/EventTimeline';
import { ResultCard } from '@/features/verifications/components/ResultCard';
import { useInstituteFields } from '@/features/verifications/hooks/useVerification';
import { BUILD_FAILED, personName } from '@/features/verifications/presentation';
import { ApiError } from '@/shared/api/client';

/**
 * /verification/resolved/{id} (verifications 2.11): a verification this team resolved, read only: the Result card
 * in the resolved list's words (REJECTED reads Rejected) and the Event History; no actions, no certificate.
 */
export function ResolvedVerificationScreen() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { data: v, isPending, error, refetch } = useResolvedVerification(id);
  const institute = useInstituteFields(v?.instituteId).data;
  const from = (location.state as { from?: unknown } | null)?.from;
  const back =
    typeof from === 'string' && from.startsWith('/verification/resolved') ? from : '/verification/resolved';
  const backLink = (
    <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      Back
    </Button>
  );

  if (isPending) {
    return (
      <Stack spacing={2.5} aria-busy="true">
        {backLink}
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (error || !v) {
    const retryable = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
    return (
      <Stack spacing={2.5}>
        {backLink}
        <Alert
          severity="error"
          action={
            retryable ? (
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {error instanceof ApiError ? error.message : BUILD_FAILED}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5}>
      {backLink}
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h2">
          {personName(v.fields)}
        </Typography>
        <Typography color="text.secondary">
          {v.id}
          {v.company?.name ? ` · ${v.company.name}` : ''}
        </Typography>
      </Stack>
      <ResultCard
        v={v}
        institute={institute}
        refLabel="Customer Reference"
        certificate={false}
        brandable={false}
        list="resolved"
      />
      <EventTimeline events={v.auditEvents ?? []} />
    </Stack>
  );
}
