import { Alert, Avatar, Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import type { VerificationListItem } from '@credence/api-contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ApplicationView } from '@/features/applications/api/applications';
import { useDismissed } from '@/features/dashboard/hooks/useDismissed';
import { useIndividualProgress } from '@/features/dashboard/hooks/useIndividualProgress';
import { useAccountFacts } from '@/shared/session/account';
import { VerificationProgress } from '@/shared/ui/steps';
import { MetaLine } from '@/shared/ui/text';

const personOf = (v: VerificationListItem) =>
  [v.fields.firstname, v.fields.middlename, v.fields.surname].filter(Boolean).join(' ');
const instituteOf = (v: VerificationListItem) => v.instituteName ?? v.fields.employerName ?? '';

/** A verification as the step indicator, Dismiss and Undo name it: who, where and, when known, what (two of an
 * individual's degrees are often from one university). */
const lineLabel = (v: VerificationListItem) => [personOf(v), instituteOf(v), v.credential].filter(Boolean).join(', ');

/**
 * One verification: the person's name, the institute and the step indicator (money 2.7, 4); in the standalone card
 * also a Dismiss button, which leaves it out of the card from then on.
 */
function VerificationLine({ v, first, onDismiss }: { v: VerificationListItem; first: boolean; onDismiss?: () => void }) {
  const person = personOf(v);
  const institute = instituteOf(v);
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1.5, borderTop: first ? 0 : 1, borderColor: 'divider' }}>
      <Stack direction="row" alignItems="flex-start" spacing={1}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{person}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            <MetaLine parts={[institute, v.credential]} />
          </Typography>
        </Box>
        {onDismiss && (
          <Tooltip title="Dismiss">
            <IconButton size="small" aria-label={`Dismiss ${lineLabel(v)}`} onClick={onDismiss} sx={{ mt: -0.5 }}>
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <VerificationProgress result={v.result} label={lineLabel(v)} />
    </Box>
  );
}

function ApplicationCard({ application }: { application: ApplicationView }) {
  const owner = application.owner.name;
  const verifications = application.verifications ?? [];
  return (
    <Card component="section" aria-label={`Application progress: ${owner}`}>
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          {application.logo && <Avatar src={application.logo} alt={owner} variant="rounded" sx={{ width: 48, height: 48 }} />}
          <Box>
            <Typography variant="h4" component="h3">
              Application progress
            </Typography>
            <Typography color="text.secondary">Qualification verification progress for {owner} application.</Typography>
          </Box>
        </Stack>
        {verifications.length === 0 ? (
          <Stack spacing={2} alignItems="flex-start" sx={{ mt: 2 }}>
            <Typography>Please complete your application which will be shared along with your verification results to {owner}.</Typography>
            <Button component={RouterLink} to={`/application/${encodeURIComponent(application.id)}/start/`} variant="contained">
              Start Application
            </Button>
          </Stack>
        ) : (
          <>
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {verifications.map((v, i) => (
                <VerificationLine key={v.id} v={v} first={i === 0} />
              ))}
            </Box>
            <Typography sx={{ mt: 1 }}>
              Your application to {owner} has been submitted. You will be contacted again after it is reviewed.
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Dashboard for individuals (money 2.7): an 'Application progress' card per application, and a 'Qualification
 * verification progress' card for the verifications not tied to an application and not dismissed. No statistics
 * cards. A dismissal can be undone at once, and every dismissed verification brought back later; with nothing to show,
 * the page says so and offers a new verification (when the account may order one).
 */
export function IndividualDashboard() {
  const { applications, standalone, loading, failed } = useIndividualProgress();
  const { dismissed, dismiss, restore, restoreAll } = useDismissed();
  const [undo, setUndo] = useState<VerificationListItem | null>(null);
  const facts = useAccountFacts();
  const shown = standalone.filter((v) => !dismissed.includes(v.id));
  const hidden = standalone.length - shown.length;
  const nothing = !loading && !failed && applications.length === 0 && shown.length === 0;
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h2">
        Dashboard
      </Typography>
      {applications.map((a) => (
        <ApplicationCard key={a.id} application={a} />
      ))}
      {(shown.length > 0 || undo || hidden > 0) && (
        <Card component="section" aria-labelledby="individual-progress">
          <CardContent>
            <Typography id="individual-progress" variant="h4" component="h3" sx={{ mb: 1 }}>
              Qualification verification progress
            </Typography>
            {undo && (
              <Alert
                severity="info"
                sx={{ mb: 1 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      restore(undo.id);
                      setUndo(null);
                    }}
                  >
                    Undo
                  </Button>
                }
              >
                {lineLabel(undo)} dismissed.
              </Alert>
            )}
            {shown.length === 0 && <Typography color="text.secondary">You have dismissed every verification from here.</Typography>}
            <Box component="ul" sx={{ p: 0, m: 0 }}>
              {shown.map((v, i) => (
                <VerificationLine
                  key={v.id}
                  v={v}
                  first={i === 0}
                  onDismiss={() => {
                    dismiss(v.id);
                    setUndo(v);
                  }}
                />
              ))}
            </Box>
            {hidden > 0 && (
              <Button
                size="small"
                sx={{ mt: 1 }}
                onClick={() => {
                  restoreAll();
                  setUndo(null);
                }}
              >
                Show {hidden} dismissed verification{hidden === 1 ? '' : 's'}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      {nothing && hidden === 0 && (
        <Card component="section" aria-label="Qualification verification progress">
          <CardContent>
            <Stack spacing={2} alignItems="flex-start">
              <Typography>You have no verifications yet.</Typography>
              {facts.paymentType !== 'NONE' && (
                <Button component={RouterLink} to="/verification/new" variant="contained">
                  New Verification
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
