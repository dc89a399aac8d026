import { Alert, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useAccount } from '@/features/account/hooks/useAccount';
import { downloadDocumentByKey } from '@/features/pending/api/pending';
import { OutputDocumentsUpload } from '@/features/pending/components/OutputDocumentsUpload';
import { ResolutionForm } from '@/features/pending/components/ResolutionForm';
import { useApprovalProcesses } from '@/features/pending/hooks/useApprovalProcesses';
import { usePendingRequest } from '@/features/pending/hooks/usePendingRequest';
import { useResolveVerification } from '@/features/pending/hooks/useResolveVerification';
import { RESOLVE_TEXT } from '@/features/pending/resolutionForm';
import { EventTimeline } from '@/features/verifications/components/EventTimeline';
import { ResultCard } from '@/features/verifications/components/ResultCard';
import { useInstituteFields } from '@/features/verifications/hooks/useVerification';
import { ApiError } from '@/shared/api/client';
import { reportError } from '@/shared/debug/errorReporting';
import { useNotify } from '@/shared/notifications/useNotify';
import { useAccountFacts } from '@/shared/session/account';

/** /verification/pending/{id}: a signed-in institute, parent account or staff resolves a request. */
export function ResolvePendingScreen() {
  const { id = '' } = useParams();
  const account = useAccount();
  const me = account.data;
  const defaults = {
    settled: !account.isPending,
    name: `${me?.firstname ?? ''} ${me?.lastname ?? ''}`.trim(),
    title: me?.title ?? '',
  };
  return <ResolvePage id={id} publicMode={false} defaults={defaults} />;
}

const NO_DEFAULTS = { settled: true, name: '', title: '' };

/** /verify/{id}: the public resolve link, no login; the id is the link's key (access 6.7). */
export function PublicResolveScreen() {
  const { id = '' } = useParams();
  return <ResolvePage id={id} publicMode defaults={NO_DEFAULTS} />;
}

/**
 * The resolve page (verifications 2.11): 'Oops!' when the request cannot be loaded, 'Already Resolved' on the
 * API's 204, 'Done!' after a public answer, otherwise the request titled 'Thank you for taking the time to respond
 * to this request.', its details, the Resolution form and (signed in) the audit timeline. A signed-in answer shows
 * the toast and goes back to the pending list.
 */
function ResolvePage({
  id,
  publicMode,
  defaults,
}: {
  id: string;
  publicMode: boolean;
  /** The Resolution form's name and title: the signed-in account's (firstname lastname, title), once read. */
  defaults: { settled: boolean; name: string; title: string };
}) {
  const facts = useAccountFacts();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const heading = publicMode ? 'h1' : 'h2';
  const staff = !publicMode && facts.qcAdmin;
  const request = usePendingRequest(id, publicMode);
  const resolve = useResolveVerification(id, publicMode);
  const processes = useApprovalProcesses(staff);
  const v = request.data;
  // Verifications 8: 'Resolve load failure: ... (reported to an error-reporting service)'; 'Submit failure: reported only.'
  useEffect(() => {
    if (request.error) void reportError(request.error, 'caught');
  }, [request.error]);
  useEffect(() => {
    if (resolve.error) void reportError(resolve.error, 'caught');
  }, [resolve.error]);
  const institute = useInstituteFields(publicMode ? null : v?.instituteId).data;

  const from = (location.state as { from?: unknown } | null)?.from;
  const back =
    typeof from === 'string' && from.startsWith('/verification/pending') ? from : '/verification/pending';
  const backLink = publicMode ? null : (
    <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
      Back
    </Button>
  );

  if (publicMode && resolve.isSuccess) {
    return (
      <StateCard
        heading={heading}
        title={RESOLVE_TEXT.done}
        icon={<TaskAlt color="success" fontSize="large" />}
      >
        {RESOLVE_TEXT.doneMessage}
      </StateCard>
    );
  }
  // The form starts from the account's name and title: it waits for them (or their failure).
  if (request.isPending || !defaults.settled) {
    return (
      <Stack spacing={2.5} aria-busy="true">
        {backLink}
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (request.isError) {
    const notFound = request.error instanceof ApiError && request.error.status === 404;
    return (
      <Stack spacing={2.5}>
        {backLink}
        <StateCard
          heading={heading}
          title={RESOLVE_TEXT.oops}
          icon={<ErrorOutline color="error" fontSize="large" />}
        >
          {RESOLVE_TEXT.oopsMessage}
          {notFound && request.error.message ? (
            <Typography component="span" sx={{ display: 'block', mt: 1 }} color="text.secondary">
              {request.error.message}
            </Typography>
          ) : null}
          {/* 'Please try again': a way to, where trying again can help (a request that does not exist will not). */}
          {!notFound && (
            <Button variant="outlined" sx={{ display: 'flex', mt: 2 }} onClick={() => void request.refetch()}>
              Try again
            </Button>
          )}
        </StateCard>
      </Stack>
    );
  }
  if (!v) {
    return (
      <Stack spacing={2.5}>
        {backLink}
        <StateCard
          heading={heading}
          title={RESOLVE_TEXT.alreadyResolved}
          icon={<CheckCircleOutline color="primary" fontSize="large" />}
        >
          {RESOLVE_TEXT.alreadyResolvedMessage}
        </StateCard>
      </Stack>
    );
  }

  const events = v.auditEvents ?? [];

  return (
    <Stack spacing={2.5}>
      {backLink}
      {publicMode ? (
        // The public frame's banner is dark: the title sits on a card, as the other public pages' do.
        <Card>
          <CardContent>
            <Typography variant="h5" component="h1">
              {RESOLVE_TEXT.title}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Typography variant="h5" component="h2">
          {RESOLVE_TEXT.title}
        </Typography>
      )}
      <ResultCard
        // The footer tells the enquirer who is reviewing it; the resolver is that reviewer.
        v={{ ...v, footer: null }}
        institute={institute}
        refLabel="Customer Reference"
        certificate={false}
        brandable={false}
        title="Verification Request"
        list="pending"
        fetchDocument={publicMode ? (d) => downloadDocumentByKey(id, d.id, d.filename) : undefined}
      />
      <OutputDocumentsUpload id={id} publicMode={publicMode} count={v.outputDocs.length} />
      {staff && processes.isError && (
        <Alert severity="warning">The approval processes could not be loaded.</Alert>
      )}
      <ResolutionForm
        defaults={defaults}
        staff={staff}
        approvalProcesses={processes.data ?? []}
        onResolve={async (input) => {
          await resolve.mutateAsync(input);
          if (publicMode) return;
          notify({ severity: 'success', message: RESOLVE_TEXT.toast });
          void navigate(back);
        }}
      />
      {!publicMode && events.length > 0 && <EventTimeline events={events} />}
    </Stack>
  );
}

function StateCard({
  heading,
  title,
  icon,
  children,
}: {
  heading: 'h1' | 'h2';
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', gap: 2.5, alignItems: 'flex-start' }}>
        <span aria-hidden="true">{icon}</span>
        <div>
          <Typography variant="h5" component={heading} sx={{ mb: 1 }}>
            {title}
          </Typography>
          <Typography component="div" color="text.secondary">
            {children}
          </Typography>
        </div>
      </CardContent>
    </Card>
  );
}
