import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { APPLICATION_TEXTS } from '@credence/domain';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { downloadAll, downloadApplicantDocument, type ApplicantApplication } from '@/features/applicants/api/applicants';
import { useApplicant, useApplicationVerifications, useArchiveApplications } from '@/features/applicants/hooks/useApplicants';
import { saveFile } from '@/features/verifications/api/downloads';
import { useSession } from '@/shared/session/useSession';
import { formatDate } from '@/shared/ui/format';
import { ApplicationStatusChip, ResultChip } from '@/shared/ui/result';

/** What each insight compares (verifications 3's insight types; the spec names the types, these words are ours). */
const INSIGHT_NAMES: Record<string, string> = {
  DOB: 'Date of birth',
  NAME: 'Name',
  DETAILS: 'Credential details',
  ID_NAME: 'Name on the identity document',
  ID_DOB: 'Date of birth on the identity document',
  ID_NO_DATA: 'Identity document data',
};

/**
 * View Applicant (/applicant/history/{id}, verifications 2.13), read only: the Application Details, Application
 * Insights when there are any, the verifications, the documents (the application's and each verification's),
 * Archive with its confirmation and Download All.
 */
export function ViewApplicantScreen() {
  const { id = '' } = useParams();
  const application = useApplicant(id);
  if (application.isPending) return <Skeleton variant="rounded" height={320} aria-label="Loading the application" />;
  if (application.isError) return <Alert severity="error">This application could not be found.</Alert>;
  return <ApplicantDetails application={application.data} />;
}

function ApplicantDetails({ application: a }: { application: ApplicantApplication }) {
  const { claims } = useSession();
  const navigate = useNavigate();
  const archive = useArchiveApplications();
  const verifications = useApplicationVerifications(a.verifications.map((v) => v.id));
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const loading = verifications.some((q) => q.isPending);
  const verificationDocs = verifications.flatMap((q) => (q.data ? [{ v: q.data, docs: q.data.documents }] : [])).filter((x) => x.docs.length > 0);
  const hasDocuments = a.documents.length > 0 || verificationDocs.length > 0;
  const refLabel = claims?.appRefLabel || 'Reference';
  const completed = a.status === 'COMPLETED';

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadAll(a.id));
    } catch {
      // verifications 8: download loads fail silently
    } finally {
      setDownloading(false);
    }
  };
  const archiveIt = async () => {
    try {
      await archive.mutateAsync([a.id]);
      setConfirming(false);
      void navigate('/applicant/history');
    } catch {
      setConfirming(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
            {a.applicant.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ApplicationStatusChip status={a.status} />
            {a.insightTag && <Chip label="Insights" size="small" color="secondary" variant="outlined" />}
          </Stack>
        </Box>
        <Stack direction="row" spacing={1}>
          {a.status !== 'ARCHIVED' && (
            <Button variant="outlined" disabled={loading || downloading || archive.isPending} onClick={() => setConfirming(true)}>
              Archive
            </Button>
          )}
          {hasDocuments && (
            <Button variant="contained" disabled={loading || downloading || archive.isPending} onClick={() => void download()}>
              Download All
            </Button>
          )}
        </Stack>
      </Stack>

      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 0.5, m: 0, '& dd': { m: 0 }, '& dt': { fontWeight: 600 } }}>
        <dt>Created</dt>
        <dd>{formatDate(a.created) || '-'}</dd>
        <dt>Submitted</dt>
        <dd>{formatDate(a.submitted) || '-'}</dd>
        {a.completed && (
          <>
            <dt>Completed</dt>
            <dd>{formatDate(a.completed)}</dd>
          </>
        )}
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="applicant-details-title">
        <CardContent>
          <Stack spacing={2}>
            <Typography id="applicant-details-title" component="h3" variant="h6">
              Application Details
            </Typography>
            <TextField label="Organisation" value={a.owner.name} slotProps={{ input: { readOnly: true } }} helperText={APPLICATION_TEXTS.organisationHelp} fullWidth />
            {a.fields.map((f) => (
              <TextField key={f.key} id={`applicant-field-${f.key}`} label={f.name} value={f.value ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
            ))}
            {!claims?.isIndividual && (
              <TextField id="applicant-reference" label={refLabel} placeholder="Reference" value={a.customerReference ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
            )}
          </Stack>
        </CardContent>
      </Card>

      {a.insight.length > 0 && (
        <Card variant="outlined" component="section" aria-labelledby="applicant-insights-title">
          <CardContent>
            <Typography id="applicant-insights-title" component="h3" variant="h6" sx={{ mb: 1 }}>
              Application Insights
            </Typography>
            <List disablePadding>
              {a.insight.map((i, n) => (
                <ListItem key={`${i.type}-${n}`} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText primary={INSIGHT_NAMES[i.type] ?? i.type} secondary={i.instituteName ?? undefined} />
                  <Chip size="small" label={i.isMatch ? 'Match' : 'Not a match'} color={i.isMatch ? 'success' : 'warning'} variant="outlined" />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      )}

      <Card variant="outlined" component="section" aria-labelledby="applicant-verifications-title">
        <CardContent>
          <Typography id="applicant-verifications-title" component="h3" variant="h6">
            Verifications
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Verified qualifications included in the application.
          </Typography>
          {a.verifications.length === 0 ? (
            <Typography>The applicant has not submitted any verifications yet.</Typography>
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

      <Card variant="outlined" component="section" aria-labelledby="applicant-documents-title">
        <CardContent>
          <Typography id="applicant-documents-title" component="h3" variant="h6">
            Documents
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Documents and evidence provided for the application, in addition to any documents provided for the verifications.
          </Typography>
          {!hasDocuments ? (
            <Typography>No documents are available to review yet.</Typography>
          ) : (
            <Stack spacing={2}>
              {a.documents.length > 0 && (
                <DocumentGroup
                  title="Application documents:"
                  docs={a.documents.map((d) => ({ id: d.id, name: d.name, filename: d.filename }))}
                  open={(d) => openDocument('application', a.id, d.id, d.filename)}
                />
              )}
              {verificationDocs.map(({ v, docs }) => (
                <DocumentGroup
                  key={v.id}
                  title={`Verification ${[v.fields.firstname, v.fields.surname].filter(Boolean).join(' ')} - ${v.instituteName ?? ''} documents:`}
                  docs={docs.map((d) => ({ id: d.id, name: d.name, filename: d.filename }))}
                  open={(d) => openDocument('verification', v.id, d.id, d.filename)}
                />
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="archive-application-title">
        <DialogTitle id="archive-application-title">Archive</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {completed ? 'Are you sure you want to archive this application?' : 'This application is incomplete, are you sure you want to archive it?'}
          </DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>
            {completed ? 'This will also notify the applicant you have reviewed their application.' : 'This will notify the applicant you have closed their application.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void archiveIt()} disabled={archive.isPending}>
            {archive.isPending ? 'Archiving...' : 'Archive'}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

interface Doc {
  id: string;
  name: string;
  filename: string;
}

function DocumentGroup({ title, docs, open }: { title: string; docs: Doc[]; open: (d: Doc) => Promise<void> }) {
  return (
    <Box>
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      <List disablePadding>
        {docs.map((d) => (
          <ListItem key={d.id} divider secondaryAction={<Button onClick={() => void open(d)} aria-label={`View ${d.name}`}>View</Button>}>
            <ListItemText primary={d.name} secondary={d.filename} sx={{ pr: 8 }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

async function openDocument(kind: 'application' | 'verification', id: string, docId: string, filename: string) {
  try {
    const file = await downloadApplicantDocument(kind, id, docId, filename);
    const url = URL.createObjectURL(file.blob);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    // verifications 8: download loads fail silently
  }
}
