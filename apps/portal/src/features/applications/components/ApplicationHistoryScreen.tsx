import { Alert, Box, Button, Card, CardContent, Link, List, ListItem, ListItemText, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { APPLICATION_TEXTS } from '@credence/domain';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { downloadApplicationDocument, type ApplicationView } from '@/features/applications/api/applications';
import { SelectVerificationsDialog } from '@/features/applications/components/SelectVerificationsDialog';
import { useApplication } from '@/features/applications/hooks/useApplications';
import { ApplicationDetailsStep } from '@/features/ordering/components/ApplicationDetailsStep';
import { formatDate } from '@/shared/ui/format';
import { ApplicationStatusChip, ResultChip } from '@/shared/ui/result';

/**
 * An application as the individual sees it (/application/history/{id}, verifications 2.13): its status and dates,
 * the organisation and the details given, the documents, and the verifications included with their results (in
 * an application REJECTED and NOT_FOUND read as Action Required). An open one offers Start Application, its
 * details and documents to edit with Save (2.13: 'outside the flow'), and 'Select Verifications', which includes
 * verifications already in the wallet (the transfer modal). Once submitted, all of it is read only.
 */
export function ApplicationHistoryScreen() {
  const { id = '' } = useParams();
  const application = useApplication(id);
  if (application.isPending) return <Skeleton variant="rounded" height={320} aria-label="Loading the application" />;
  if (application.isError) return <Alert severity="error">This application could not be found.</Alert>;
  return <ApplicationDetails application={application.data} />;
}

const startButton = (id: string) => (
  <Button component={RouterLink} to={`/application/${encodeURIComponent(id)}/start/`} sx={{ whiteSpace: 'nowrap' }}>
    Start Application
  </Button>
);

function ApplicationDetails({ application: a }: { application: ApplicationView }) {
  const owner = a.owner.name;
  const [selecting, setSelecting] = useState(false);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box>
        <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
          {APPLICATION_TEXTS.applicationTo(owner)}
        </Typography>
        <ApplicationStatusChip status={a.status} />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0, '& dd': { m: 0 }, '& dt': { fontWeight: 600 } }}>
        <dt>Created</dt>
        <dd>{formatDate(a.created) || '-'}</dd>
        <dt>Submitted</dt>
        <dd>{formatDate(a.submitted) || 'Not yet'}</dd>
        {a.completed && (
          <>
            <dt>Completed</dt>
            <dd>{formatDate(a.completed)}</dd>
          </>
        )}
      </Box>
      {a.status === 'OPEN' ? (
        // The button beside the sentence on a wide screen, under it on a phone (beside it, it squeezed the sentence
        // into a narrow column and broke its own label in two).
        <Alert severity="info" action={<Box sx={{ display: { xs: 'none', sm: 'block' } }}>{startButton(a.id)}</Box>}>
          Please complete your application which will be shared along with your verification results to {owner}.
          <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 1, ml: -1 }}>{startButton(a.id)}</Box>
        </Alert>
      ) : (
        a.submitted && <Alert severity="success">{APPLICATION_TEXTS.submitted(owner)}</Alert>
      )}

      {a.status === 'OPEN' ? (
        <ApplicationDetailsStep application={a} />
      ) : (
        <Card variant="outlined" component="section" aria-label="Application Details">
          <CardContent>
            <Stack spacing={2}>
              <Typography component="h3" variant="h6">
                Application Details
              </Typography>
              <TextField label="Organisation" value={owner} slotProps={{ input: { readOnly: true } }} helperText={APPLICATION_TEXTS.organisationHelp} fullWidth />
              {a.fields.map((f) => (
                <TextField key={f.key} id={`application-field-${f.key}`} label={f.name} value={f.value ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}

      <Card variant="outlined" component="section" aria-label="Verifications">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography component="h3" variant="h6">
              Verifications
            </Typography>
            {a.status === 'OPEN' && (
              <Button variant="outlined" onClick={() => setSelecting(true)}>
                Select Verifications
              </Button>
            )}
          </Stack>
          {a.verifications.length === 0 ? (
            <Typography>No verifications have been included yet.</Typography>
          ) : (
            <List disablePadding aria-label="Verifications included">
              {a.verifications.map((v) => (
                <ListItem key={v.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/verification/history/${encodeURIComponent(v.id)}`}>
                        {[v.fields.firstname, v.fields.surname].filter(Boolean).join(' ')} - {v.instituteName ?? v.instituteNames[0] ?? ''}
                      </Link>
                    }
                    secondary={formatDate(v.recorded)}
                  />
                  <ResultChip result={v.currentResult ?? v.result} inApplication thirdPartyActionUrl={v.thirdPartyActionUrl} />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      {selecting && <SelectVerificationsDialog application={a} onClose={() => setSelecting(false)} />}

      {a.status !== 'OPEN' && (
        <Card variant="outlined" component="section" aria-label="Documents">
          <CardContent>
            <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
              Documents
            </Typography>
            {a.documents.length === 0 ? (
              <Typography>No documents are available to review yet.</Typography>
            ) : (
              <List disablePadding>
                {a.documents.map((d) => (
                  <ListItem key={d.id} divider secondaryAction={<Button onClick={() => void openDocument(a.id, d.id, d.filename)} aria-label={`View ${d.name}`}>View</Button>}>
                    <ListItemText primary={d.name} secondary={d.filename} />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

async function openDocument(applicationId: string, docId: string, filename: string) {
  try {
    const file = await downloadApplicationDocument(applicationId, docId, filename);
    const url = URL.createObjectURL(file.blob);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    // logged only (verifications 8: download loads fail silently)
  }
}
