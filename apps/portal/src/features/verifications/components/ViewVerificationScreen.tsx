import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { allowedTypes, credentialSummary, fixedInstituteOf, isInstituteOrParent } from '@credence/domain';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { ActionPanel } from '@/features/verifications/components/ActionPanel';
import { EventTimeline } from '@/features/verifications/components/EventTimeline';
import { IdentityCapturePanel } from '@/features/verifications/components/IdentityCapturePanel';
import { ResultCard } from '@/features/verifications/components/ResultCard';
import { useInstituteFields, useVerification } from '@/features/verifications/hooks/useVerification';
import { BUILD_FAILED, invoiceToast, personName } from '@/features/verifications/presentation';
import { certificateOffered, viewMode, viewSteps } from '@/features/verifications/viewMode';
import { VerificationSharingCenter } from '@/features/sharing/components/SharingCenter';
import { useNotify } from '@/shared/notifications/useNotify';
import { ownRefLabel, useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { StepIndicator } from '@/shared/ui/steps';
import { MetaLine } from '@/shared/ui/text';

/**
 * View Verification (verifications.md 2.9) at /verification/history/{id}[?invoiceId=]: the step bar; an actionable
 * mode for UNPAID / AWAITING_CONSENT, NOT_FOUND and REJECTED where the permission bitmask allows; otherwise the
 * Result card; the Event History in both. `readOnly` (the resolved list's view) never offers actions.
 */
export function ViewVerificationScreen({ readOnly = false }: { readOnly?: boolean }) {
  const { id = '' } = useParams();
  const facts = useAccountFacts();
  const { claims } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const notify = useNotify();
  const { data: v, isPending, error, refetch } = useVerification(id);
  const instituteQuery = useInstituteFields(v?.instituteId);
  const institute = instituteQuery.data;
  // The amend form starts from the institute's field definitions (names, dates): it waits for them, or their failure.
  const instituteSettled = !v?.instituteId || !instituteQuery.isPending;

  // 2.2: arriving from an order with an invoice says so once; the id then leaves the URL.
  const toasted = useRef(false);
  useEffect(() => {
    const invoiceId = params.get('invoiceId');
    if (!invoiceId || toasted.current) return;
    toasted.current = true;
    notify(invoiceToast(invoiceId));
    const next = new URLSearchParams(params);
    next.delete('invoiceId');
    setParams(next, { replace: true });
  }, [params, setParams, notify]);

  const from = (location.state as { from?: unknown } | null)?.from;
  const back =
    typeof from === 'string' && from.startsWith('/verification/history') ? from : '/verification/history';
  const backLink = (
    <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      Back
    </Button>
  );

  if (isPending) {
    return (
      <Stack spacing={2.5} aria-busy="true">
        {backLink}
        <Skeleton variant="rounded" height={72} />
        <Card>
          <CardContent>
            <Skeleton width="30%" height={32} />
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={32} />
            ))}
          </CardContent>
        </Card>
      </Stack>
    );
  }
  if (error || !v) {
    const message = error instanceof ApiError ? error.message : BUILD_FAILED;
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
          {message}
        </Alert>
      </Stack>
    );
  }

  const mode = viewMode(v.result, v.permissions, readOnly);
  const card = claims?.paymentType === 'CARD';
  const organisation = !facts.isIndividual && !facts.isApplicant && !isInstituteOrParent(facts.paymentType);
  // 2.8: an identity verification waiting for the individual's capture shows the capture, not the amend form.
  const capture = (mode === 'notFound' || mode === 'rejected') && v.instituteId === fixedInstituteOf('idc');
  const steps = viewSteps({
    result: v.result,
    identityCapture: capture,
    inApplication: !!v.applicationId,
    allowedTypeCount: allowedTypes(facts).length,
    card,
  });

  return (
    <Stack spacing={2.5}>
      {backLink}
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h2">
          {personName(v.fields)}
        </Typography>
        <Typography color="text.secondary">
          <MetaLine parts={[v.id, v.instituteName, credentialSummary(v.fields)]} />
        </Typography>
      </Stack>
      <Card>
        <CardContent>
          <StepIndicator label="Verification steps" steps={steps} />
        </CardContent>
      </Card>
      {mode === 'result' ? (
        <ResultCard
          v={v}
          institute={institute}
          refLabel={ownRefLabel(claims)}
          certificate={certificateOffered(v.result, organisation)}
          brandable={!!(claims?.partnerLogo || claims?.ownerLogo)}
        />
      ) : capture ? (
        <IdentityCapturePanel v={v} onCheck={refetch} />
      ) : instituteSettled ? (
        // Keyed by result and retries: after a re-submission the form starts again from what was saved.
        <ActionPanel
          key={`${v.result}-${v.retriesLeft}`}
          v={v}
          institute={institute}
          mode={mode}
          card={card}
        />
      ) : (
        <Skeleton variant="rounded" height={320} />
      )}
      {mode === 'result' && !readOnly && facts.isIndividual && !facts.sharingDisabled && v.result !== 'DELETED' && (
        <VerificationSharingCenter verificationId={v.id} />
      )}
      {/* No auditEvents at all is a verification shown without its history (a referral's, read only); an empty list
          is a history with nothing in it yet. 'No events yet.' on a Verified referral said something untrue. */}
      {v.auditEvents && <EventTimeline events={v.auditEvents} />}
    </Stack>
  );
}
