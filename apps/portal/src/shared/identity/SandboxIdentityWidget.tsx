import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { IDENTITY_MAINTENANCE, identityUnderMaintenance } from '@credence/domain';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/shared/api/client';
import { StepIndicator, type Step } from '@/shared/ui/steps';

type Stage = 'start' | 'document' | 'face' | 'sending';

interface Props {
  /** Creates the applicant at the provider (POST /id/init through the provider port); resolves with its id. */
  init: () => Promise<{ applicantID: string }>;
  /** Hands a finished step to the sandbox provider (the document, then the face). */
  capture: (applicantId: string, step: 'document' | 'face') => Promise<unknown>;
  /** Reports the applicant id once both steps are done (2.8: 'On completion it reports the provider's applicant id'). */
  onComplete: (applicantId: string) => Promise<unknown>;
  /** The instant the maintenance window is judged at (tests); now by default. */
  now?: () => Date;
}

/**
 * One step's photo: a button that opens the camera on a phone (the file chooser elsewhere), then the chosen file's
 * name and, for an image, a preview, so the user sees what they are about to send before they go on. The input
 * itself is hidden (a browser's bare file input was the widget's only unstyled control) and keeps the step's label.
 */
function PhotoPicker({
  label,
  accept,
  capture,
  file,
  onFile,
}: {
  label: string;
  accept: string;
  capture: 'user' | 'environment';
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    // jsdom has no object URLs; a PDF of the document has no preview.
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Stack spacing={1.5}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<PhotoCamera />} onClick={() => input.current?.click()}>
          {file ? 'Choose another photo' : 'Take or choose a photo'}
        </Button>
        <input
          ref={input}
          type="file"
          accept={accept}
          capture={capture}
          hidden
          aria-label={label}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        {file && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
      </Box>
      {preview && file && (
        <Box
          component="img"
          src={preview}
          alt={`Preview of ${file.name}`}
          sx={{ display: 'block', maxWidth: '100%', width: 240, maxHeight: 180, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
    </Stack>
  );
}

/** Spec 8: a server error's messages are shown as they are. */
const failure = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/**
 * THE SANDBOX identity provider's capture widget, served by the product in the embedded default (verifications.md
 * 2.8): the provider's two steps, document then face, each a photo the sandbox never looks at. The real
 * provider's SDK takes its place when one is configured; it reports the applicant id the same way.
 */
export function SandboxIdentityWidget({ init, capture, onComplete, now = () => new Date() }: Props) {
  const [stage, setStage] = useState<Stage>('start');
  const [applicantId, setApplicantId] = useState<string | null>(null);
  const [document, setDocument] = useState<File | null>(null);
  const [face, setFace] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const down = identityUnderMaintenance(now().toISOString());

  const steps: Step[] = [
    { label: 'Document', state: stage === 'start' || stage === 'document' ? (stage === 'document' ? 'active' : 'upcoming') : 'complete' },
    { label: 'Face', state: stage === 'face' ? 'active' : stage === 'sending' ? 'complete' : 'upcoming' },
  ];

  async function start() {
    setError(null);
    setBusy(true);
    try {
      const applicant = await init();
      setApplicantId(applicant.applicantID);
      setStage('document');
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }

  async function documentDone() {
    if (!applicantId) return;
    setError(null);
    setBusy(true);
    try {
      await capture(applicantId, 'document');
      setStage('face');
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    if (!applicantId) return;
    setError(null);
    setStage('sending');
    try {
      await capture(applicantId, 'face');
      await onComplete(applicantId);
    } catch (e) {
      setError(failure(e));
      setStage('face');
    }
  }

  return (
    <Card variant="outlined" component="section" aria-label="Identity document capture" sx={{ position: 'relative' }}>
      <CardContent>
        <Stack spacing={2}>
          <StepIndicator label="Identity capture steps" steps={steps} />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {stage === 'start' && (
            <Box>
              <Button variant="contained" onClick={() => void start()} loading={busy} disabled={down}>
                Start
              </Button>
            </Box>
          )}
          {stage === 'document' && (
            <Stack spacing={1.5}>
              <PhotoPicker
                label="Photo of your identity document"
                accept="image/*,application/pdf"
                capture="environment"
                file={document}
                onFile={setDocument}
              />
              <Box>
                <Button variant="contained" disabled={!document} loading={busy} onClick={() => void documentDone()}>
                  Continue
                </Button>
              </Box>
            </Stack>
          )}
          {(stage === 'face' || stage === 'sending') && (
            <Stack spacing={1.5}>
              <PhotoPicker label="Photo of your face" accept="image/*" capture="user" file={face} onFile={setFace} />
              <Box>
                <Button variant="contained" disabled={!face} loading={stage === 'sending'} onClick={() => void finish()}>
                  Finish
                </Button>
              </Box>
            </Stack>
          )}
        </Stack>
        {down && (
          // 2.8: a maintenance overlay covers the capture during the maintenance window.
          <Box
            sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(255,255,255,0.92)', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
          >
            <Alert severity="warning" role="status">
              {IDENTITY_MAINTENANCE.message}
            </Alert>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
