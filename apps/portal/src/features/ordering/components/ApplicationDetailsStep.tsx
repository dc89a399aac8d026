import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { ADDITIONAL_APPLICATION_DOCUMENTS, APPLICATION_TEXTS, applicationFieldProblems, UPLOAD_MESSAGES } from '@credence/domain';
import { useState } from 'react';
import { downloadApplicationDocument, type ApplicationView } from '@/features/applications/api/applications';
import { useDeleteApplicationDocument, useSaveApplicationFields, useUploadApplicationDocument } from '@/features/applications/hooks/useApplications';
import { DocumentCard, LabelDialog, UploadError, type CardState } from '@/features/ordering/components/DocumentsSection';
import { UploadTimeoutWarning } from '@/features/ordering/components/UploadTimeoutWarning';
import { DATE_HELP, maskDate, maskInteger } from '@/features/ordering/wizard/masks';
import { nextKey, type DocValue } from '@/features/ordering/wizard/model';
import { readPdf } from '@/features/ordering/wizard/readPdf';
import { isUploadTimeout } from '@/features/ordering/wizard/uploadTimeout';
import { ApiError } from '@/shared/api/client';
import { useNotify } from '@/shared/notifications/useNotify';

interface Props {
  application: ApplicationView;
  /**
   * In the wizard: Next saves the fields and moves on. Without it, the details of an open application outside the
   * flow (its page, 2.13): Save saves them and says 'Application details saved.', under the page's own heading.
   */
  onNext?: () => void;
}

export const APPLICATION_SAVED = 'Application details saved.';

const initialValues = (a: ApplicationView) => Object.fromEntries(a.fields.map((f) => [f.key, f.value === null || f.value === undefined ? '' : String(f.value)]));

/**
 * Application Details (verifications 2.2 step 0, 2.13): the intro, the owner's description, the organisation (read
 * only), the application's fields and the documents the organisation asks for. Each document goes to the
 * application at once through its documents route (POST /application/{id}/document), so nothing is half-saved;
 * Next saves the fields (PUT application/{id}) and moves on; outside the flow, Save saves them and stays.
 */
export function ApplicationDetailsStep({ application, onNext }: Props) {
  const notify = useNotify();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(application));
  const [tried, setTried] = useState(false);
  const [cards, setCards] = useState<Record<string, CardState>>({});
  const [labelling, setLabelling] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const save = useSaveApplicationFields(application.id);
  const upload = useUploadApplicationDocument(application.id);
  const remove = useDeleteApplicationDocument(application.id);
  const organisation = application.owner.name;

  const problems = applicationFieldProblems(application.fields, values);
  // The organisation's requirements, each with what is stored for it; then the documents the applicant labelled.
  const docs: DocValue[] = [
    ...application.documentRequirements.map((r) => {
      const stored = application.documents.find((d) => d.requirementId === r.id);
      return docValue(r.id, r.name, r.required, stored ?? null);
    }),
    ...application.documents.filter((d) => !d.requirementId || !application.documentRequirements.some((r) => r.id === d.requirementId)).map((d) => docValue(null, d.name, false, d)),
  ];
  const additional = docs.filter((d) => d.requirementId === null).length;
  const missing = docs.filter((d) => d.required && !d.serverId);

  async function attach(file: File, doc: DocValue) {
    const key = doc.key;
    setCards((c) => ({ ...c, [key]: { progress: 0, error: null } }));
    const read = await readPdf(file, (p) => setCards((c) => ({ ...c, [key]: { progress: Math.min(p, 90), error: null } })));
    if (!read.ok) {
      setCards((c) => ({ ...c, [key]: { progress: null, error: { message: read.message, tooLarge: read.tooLarge } } }));
      return;
    }
    const started = Date.now();
    try {
      await upload.mutateAsync({ name: doc.name, requirementId: doc.requirementId, filename: file.name, data: read.data });
      setCards((c) => ({ ...c, [key]: { progress: null, error: null } }));
    } catch (error) {
      if (isUploadTimeout(error, started)) {
        setTimedOut(true);
        setCards((c) => ({ ...c, [key]: { progress: null, error: { message: UPLOAD_MESSAGES.timeout, tooLarge: false } } }));
        return;
      }
      // The API's own words (a refused file is not stored: nothing is half-saved).
      const message = error instanceof ApiError ? error.message : UPLOAD_MESSAGES.unreadable;
      setCards((c) => ({ ...c, [key]: { progress: null, error: { message, tooLarge: false } } }));
    }
  }

  async function next() {
    setTried(true);
    // Outside the flow only the fields are saved (each document was stored when attached): a missing document
    // is marked on its card, and holds up the submission, not the save.
    if (Object.keys(problems).length || (onNext && missing.length)) {
      notify({ severity: 'error', title: 'Error', message: 'Please correct the errors shown below.' });
      return;
    }
    try {
      await save.mutateAsync(application.fields.map((f) => ({ key: f.key, value: values[f.key]?.trim() || null })));
    } catch {
      return; // the client's toast said why
    }
    if (onNext) onNext();
    else notify({ severity: 'success', title: 'Success', message: APPLICATION_SAVED, durationMs: 7500 });
  }
  const hasErrors = tried && (Object.keys(problems).length > 0 || (!!onNext && missing.length > 0));

  return (
    <Stack spacing={3} component="section" {...(onNext ? { 'aria-labelledby': 'application-details-title' } : { 'aria-label': 'Application' })}>
      {onNext && (
        <Typography id="application-details-title" component="h2" variant="h5">
          {APPLICATION_TEXTS.intro(organisation)}
        </Typography>
      )}
      {application.description && <Alert severity="info">{application.description}</Alert>}
      <Card variant="outlined" component="section" aria-label="Application Details">
        <CardContent>
          <Stack spacing={2}>
            <Typography component="h3" variant="h6">
              Application Details
            </Typography>
            <TextField label="Organisation" value={organisation} slotProps={{ input: { readOnly: true } }} helperText={APPLICATION_TEXTS.organisationHelp} fullWidth />
            {application.fields.map((f) => {
              const error = tried ? problems[f.key] : undefined;
              const help = error ?? (f.type === 'DATE' ? DATE_HELP : f.description ?? undefined);
              const common = {
                id: `application-field-${f.key}`,
                label: f.name,
                required: f.required,
                value: values[f.key] ?? '',
                error: !!error,
                helperText: help,
                fullWidth: true,
              };
              if (f.values?.length) {
                return (
                  <TextField key={f.key} select {...common} onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}>
                    <MenuItem value="">
                      <em>None</em>
                    </MenuItem>
                    {f.values.map((option) => (
                      <MenuItem key={option} value={option}>
                        {option}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }
              const mask = f.type === 'DATE' ? maskDate : f.type === 'INTEGER' ? maskInteger : (s: string) => s;
              return (
                <TextField
                  key={f.key}
                  {...common}
                  placeholder={f.type === 'DATE' ? 'DD/MM/YYYY' : undefined}
                  onChange={(e) => setValues((v) => ({ ...v, [f.key]: mask(e.target.value) }))}
                  slotProps={{ htmlInput: { maxLength: 200, inputMode: f.type === 'INTEGER' ? 'numeric' : undefined } }}
                />
              );
            })}
          </Stack>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-label="Application documents">
        <CardContent>
          <Stack spacing={2}>
            <Typography component="h3" variant="h6">
              Documents
            </Typography>
            <Typography variant="body2">{APPLICATION_TEXTS.documents}</Typography>
            {docs.map((doc) => (
              <DocumentCard
                key={doc.key}
                doc={doc}
                state={cards[doc.key] ?? { progress: null, error: null }}
                requiredError={tried && doc.required && !doc.serverId ? UPLOAD_MESSAGES.required : undefined}
                canAdd
                canDelete
                individual={false}
                onFile={(file) => void attach(file, doc)}
                onDelete={() => doc.serverId && void remove.mutateAsync(doc.serverId).catch(() => undefined)}
                onView={() => doc.serverId && void openDocument(application.id, doc.serverId, doc.filename ?? `${doc.name}.pdf`)}
              />
            ))}
            {Object.entries(cards).flatMap(([key, s]) => (s.error && !docs.some((d) => d.key === key) ? [<UploadError key={key} error={s.error} />] : []))}
            {additional < ADDITIONAL_APPLICATION_DOCUMENTS && (
              <Box>
                <Button variant="outlined" onClick={() => setLabelling(true)}>
                  Add another document
                </Button>
              </Box>
            )}
          </Stack>
        </CardContent>
      </Card>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
        {hasErrors && (
          <Typography color="error" role="alert" sx={{ alignSelf: 'center' }}>
            Please resolve the errors above.
          </Typography>
        )}
        <Button variant="contained" loading={save.isPending} disabled={upload.isPending} onClick={() => void next()}>
          {onNext ? 'Next' : 'Save'}
        </Button>
      </Box>

      {labelling && (
        <LabelDialog
          onClose={() => setLabelling(false)}
          onFile={(label, file) => {
            setLabelling(false);
            void attach(file, docValue(null, label, false, null));
          }}
        />
      )}
      {timedOut && <UploadTimeoutWarning onDismiss={() => setTimedOut(false)} />}
    </Stack>
  );
}

/** A document card of the application: a requirement (or a labelled document) with what the server stores for it. */
function docValue(requirementId: string | null, name: string, required: boolean, stored: { id: string; filename: string } | null): DocValue {
  return {
    key: stored ? `stored-${stored.id}` : requirementId ? `req-${requirementId}` : nextKey('app-doc'),
    requirementId,
    name,
    type: requirementId ? 'APPLICATION' : 'ADDITIONAL',
    required,
    description: null,
    template: null,
    filename: stored?.filename ?? null,
    data: null,
    size: 0,
    serverId: stored?.id ?? null,
  };
}

async function openDocument(applicationId: string, docId: string, filename: string) {
  try {
    const file = await downloadApplicationDocument(applicationId, docId, filename);
    const url = URL.createObjectURL(file.blob);
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    // the download's failure is logged only (verifications 8)
  }
}
