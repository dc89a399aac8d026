import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { IDENTITY_MAINTENANCE, identityUnderMaintenance } from '@credence/domain';
import { useId, useState } from 'react';
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
  const ids = useId();
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
              <Typography component="label" htmlFor={`${ids}-document`} sx={{ fontWeight: 600 }}>
                Photo of your identity document
              </Typography>
              <input
                id={`${ids}-document`}
                type="file"
                accept="image/*,application/pdf"
                capture="environment"
                onChange={(e) => setDocument(e.target.files?.[0] ?? null)}
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
              <Typography component="label" htmlFor={`${ids}-face`} sx={{ fontWeight: 600 }}>
                Photo of your face
              </Typography>
              <input id={`${ids}-face`} type="file" accept="image/*" capture="user" onChange={(e) => setFace(e.target.files?.[0] ?? null)} />
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
