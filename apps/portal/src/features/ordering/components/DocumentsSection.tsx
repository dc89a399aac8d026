import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { cleanDocumentLabel, DOCUMENT_LABEL_MAX, UPLOAD_MESSAGES } from '@credence/domain';
import { useEffect, useRef, useState } from 'react';
import { get, useFieldArray, useFormState, type Control } from 'react-hook-form';
import { deleteDocument, type InstituteBody } from '@/features/ordering/api/ordering';
import { additionalAllowance, isConsentForm, nextKey, permissionsOf, syncDocumentCards, type DocValue, type EntryValues, type WizardValues } from '@/features/ordering/wizard/model';
import { readPdf, viewPdf } from '@/features/ordering/wizard/readPdf';
import { useSession } from '@/shared/session/useSession';

interface Props {
  control: Control<WizardValues>;
  index: number;
  entry: EntryValues;
  institute: InstituteBody;
  permissions: number;
}

/** A document card's upload state: its read progress and a refusal of the chosen file (2.6, 5). */
export interface CardState {
  progress: number | null;
  error: { message: string; tooLarge: boolean } | null;
}

/** Documents (verifications 2.6): a card per requirement, PDF only, 5 MB, View/Delete, 'Add another document'. */
export function DocumentsSection({ control, index, entry, institute, permissions }: Props) {
  const can = permissionsOf(permissions);
  const { claims } = useSession();
  const { fields, update, remove, append, replace } = useFieldArray({ control, name: `entries.${index}.documents`, keyName: 'rhfKey' });
  const { errors, submitCount } = useFormState({ control });
  const [cards, setCards] = useState<Record<string, CardState>>({});
  const [labelling, setLabelling] = useState(false);
  const { allowed, left } = additionalAllowance(institute, entry);
  const docs = entry.documents;

  // 2.6: the field values bring cards of their own (the Doctoral Degree Confirmation of a doctorate), added when the
  // qualification is chosen and dropped, file and all, when it changes. The effect follows the cards wanted (their
  // key), not `synced` itself, which is new on every render: it runs once per change, and not again on a render that
  // still shows the values from before the replace.
  const synced = syncDocumentCards(entry, institute);
  const syncKey = synced?.map((d) => d.requirementId ?? d.key).join('|') ?? null;
  useEffect(() => {
    if (synced) replace(synced);
  }, [syncKey, replace]);

  const setCard = (key: string, state: CardState) => setCards((c) => ({ ...c, [key]: state }));

  async function attach(file: File, doc: DocValue, j: number | null) {
    setCard(doc.key, { progress: 0, error: null });
    const read = await readPdf(file, (p) => setCard(doc.key, { progress: p, error: null }));
    if (!read.ok) {
      setCard(doc.key, { progress: null, error: { message: read.message, tooLarge: read.tooLarge } });
      return;
    }
    setCard(doc.key, { progress: null, error: null });
    const next = { ...doc, data: read.data, filename: file.name, size: file.size };
    if (j === null) append(next);
    else update(j, next);
  }

  /** Delete (2.6): a required document is cleared, an optional one removed; a saved one is deleted on the server. */
  async function drop(doc: DocValue, j: number) {
    if (doc.serverId && entry.serverId) {
      try {
        await deleteDocument(entry.serverId, doc.serverId);
      } catch {
        return;
      }
    }
    if (doc.requirementId) update(j, { ...doc, data: null, filename: null, size: 0, serverId: null });
    else remove(j);
  }

  // A check that asks for no document and takes none (an identity document check) has no Documents section: it was
  // an empty card under its heading.
  if (fields.length === 0 && allowed === 0 && Object.keys(cards).length === 0) return null;

  return (
    <Card variant="outlined" component="section" aria-label="Documents">
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Documents
          </Typography>
          {allowed > 0 && <Typography variant="body2">{UPLOAD_MESSAGES.allowance(allowed)}</Typography>}
          {fields.map((f, j) => {
            const doc = docs[j] ?? f;
            const state = cards[doc.key] ?? { progress: null, error: null };
            const requiredError = submitCount > 0 ? (get(errors, `entries.${index}.documents.${j}.data`) as { message?: string } | undefined)?.message : undefined;
            return (
              <DocumentCard
                key={f.rhfKey}
                doc={doc}
                state={state}
                requiredError={requiredError}
                canAdd={can.addDocuments}
                canDelete={can.deleteDocuments}
                individual={!!claims?.isIndividual}
                onFile={(file) => void attach(file, doc, j)}
                onDelete={() => void drop(doc, j)}
              />
            );
          })}
          {can.addDocuments && left > 0 && (
            <Box>
              <Button variant="outlined" onClick={() => setLabelling(true)}>
                Add another document
              </Button>
            </Box>
          )}
          {Object.entries(cards).flatMap(([key, s]) => (s.error && !docs.some((d) => d.key === key) ? [<UploadError key={key} error={s.error} />] : []))}
        </Stack>
      </CardContent>
      {labelling && (
        <LabelDialog
          onClose={() => setLabelling(false)}
          onFile={(label, file) => {
            setLabelling(false);
            const doc: DocValue = { key: nextKey('doc'), requirementId: null, name: label, type: 'ADDITIONAL', required: false, description: null, template: null, filename: null, data: null, size: 0, serverId: null };
            void attach(file, doc, null);
          }}
        />
      )}
    </Card>
  );
}

export function UploadError({ error }: { error: { message: string; tooLarge: boolean } }) {
  return (
    <Alert severity="error" role="alert">
      {error.message}
      {error.tooLarge && (
        <>
          <br />
          {UPLOAD_MESSAGES.compress}
        </>
      )}
    </Alert>
  );
}

/**
 * One document card (2.6): its name, '*' when required, '(Must be pdf file type)', Upload, then View and Delete.
 * The verification view's amend form uses it too, for documents stored on the server (no data here: `onView`
 * downloads them).
 */
export function DocumentCard({
  doc,
  state,
  requiredError,
  canAdd,
  canDelete,
  individual,
  onFile,
  onDelete,
  onView,
}: {
  doc: DocValue;
  state: CardState;
  requiredError: string | undefined;
  canAdd: boolean;
  canDelete: boolean;
  individual: boolean;
  onFile: (file: File) => void;
  onDelete: () => void;
  /** Opens a stored document; by default the attached data opens in a new tab. */
  onView?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const uploaded = !!doc.data || !!doc.serverId;
  const inputId = `file-${doc.key}`;
  return (
    <Box sx={{ border: 1, borderColor: requiredError ? 'error.main' : 'divider', borderRadius: 1, p: 2 }}>
      <Stack spacing={1}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {doc.name}
            {doc.required && (
              <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
                {' *'}
              </Box>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {UPLOAD_MESSAGES.mustBePdf}
          </Typography>
        </Box>
        {doc.description && <Typography variant="body2">{doc.description}</Typography>}
        {/* 2.6: 'Download & Sign' on consent templates, for individuals (who sign their own consent). */}
        {doc.template && individual && isConsentForm(doc) && (
          <Link href={doc.template} target="_blank" rel="noopener">
            Download &amp; Sign
          </Link>
        )}
        {uploaded ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ mr: 1 }}>
              {doc.filename}
            </Typography>
            <Button size="small" variant="outlined" onClick={() => (onView ? onView() : doc.data && viewPdf(doc.data))} aria-label={`View ${doc.name}`}>
              View
            </Button>
            {canDelete && (
              <Button size="small" color="error" variant="outlined" onClick={onDelete} aria-label={`Delete ${doc.name}`}>
                Delete
              </Button>
            )}
          </Box>
        ) : canAdd ? (
          <Box>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              hidden
              aria-label={`${doc.name} file`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) onFile(file);
              }}
            />
            <Button size="small" variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} aria-label={`Upload ${doc.name}`}>
              Upload
            </Button>
          </Box>
        ) : (
          doc.required && <Alert severity="warning">{UPLOAD_MESSAGES.missing}</Alert>
        )}
        {state.progress !== null && <LinearProgress variant="determinate" value={state.progress} aria-label={`Uploading ${doc.name}`} />}
        {state.error && <UploadError error={state.error} />}
        {requiredError && !uploaded && (
          <Typography variant="body2" color="error" role="alert">
            {requiredError}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/** 'Add another document' (2.6): a label first (30 characters, no spaces), then the file. */
export function LabelDialog({ onClose, onFile }: { onClose: () => void; onFile: (label: string, file: File) => void }) {
  const [label, setLabel] = useState('');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Dialog open onClose={onClose} aria-labelledby="doc-label-title" fullWidth maxWidth="xs">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog renders in a portal, but React bubbles its submit to the wizard's own form, which would
          // move the wizard on to the review (seen in journey 7): this submit is the dialog's alone.
          e.stopPropagation();
          if (label) input.current?.click();
        }}
      >
        <DialogTitle id="doc-label-title">Add another document</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{UPLOAD_MESSAGES.labelPrompt}</Typography>
          <TextField
            autoFocus
            label="Document label"
            value={label}
            onChange={(e) => setLabel(cleanDocumentLabel(e.target.value))}
            helperText={`${label.length}/${DOCUMENT_LABEL_MAX}`}
            fullWidth
          />
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            aria-label="Additional document file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(label, file);
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!label}>
            Upload
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
