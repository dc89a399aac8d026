import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { IDENTITY_MAINTENANCE, identityUnderMaintenance } from '@credence/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { initIdentity, sandboxCaptureStep } from '@/features/verifications/api/identity';
import type { VerificationDetail } from '@/features/verifications/api/verifications';
import { useStartIdentityCheck } from '@/features/verifications/hooks/useIdentityCapture';
import { SandboxIdentityWidget } from '@/shared/identity/SandboxIdentityWidget';

/** Spec 9: the countdown before the verification is read again, then every 30 s; the QR code's size. */
export const IDENTITY_FIRST_CHECK_S = 120;
export const IDENTITY_RECHECK_S = 30;
export const QR_SIZE = 200;

interface Props {
  v: VerificationDetail;
  /** Reads the verification again (the countdown's check). */
  onCheck: () => unknown;
  now?: () => Date;
}

/**
 * Identity document capture on the verification view (verifications.md 2.8): an identity verification waiting for
 * the individual's capture (NOT_FOUND or REJECTED). The capture url (the provider's, or the sandbox widget on this
 * page with ?identity=sandbox) opens with Start or, on a phone, from the QR code; a countdown reads the
 * verification again after 120 s, then every 30 s while it is still waiting.
 */
export function IdentityCapturePanel({ v, onCheck, now = () => new Date() }: Props) {
  const [params, setParams] = useSearchParams();
  const url = v.supplierUrl ?? v.thirdPartyActionUrl;
  const embedded = params.get('identity') === 'sandbox';
  const start = useStartIdentityCheck(v.id);
  const down = identityUnderMaintenance(now().toISOString());

  return (
    <Card component="section" aria-labelledby="identity-title">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="identity-title" variant="h6" component="h2">
            Verify Identity
          </Typography>
          {embedded ? (
            <SandboxIdentityWidget
              now={now}
              init={() => initIdentity({ firstname: v.fields.firstname, lastname: v.fields.surname, dob: v.fields.dob })}
              capture={sandboxCaptureStep}
              onComplete={async (applicantId) => {
                await start.mutateAsync(applicantId);
                const next = new URLSearchParams(params);
                next.delete('identity');
                setParams(next, { replace: true });
              }}
            />
          ) : (
            <Box sx={{ position: 'relative' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems={{ sm: 'center' }}>
                {url && <QrCode value={url} />}
                <Stack spacing={1.5}>
                  {url && (
                    <Box>
                      <StartLink url={url} />
                    </Box>
                  )}
                  <Countdown onCheck={onCheck} />
                </Stack>
              </Stack>
              {down && (
                <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(255,255,255,0.92)', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                  <Alert severity="warning" role="status">
                    {IDENTITY_MAINTENANCE.message}
                  </Alert>
                </Box>
              )}
            </Box>
          )}
          <Box>
            <Button component={RouterLink} to="/wallet" variant="outlined">
              Return to Wallet
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The capture url: within the portal it opens as a route, anywhere else as a page. */
function StartLink({ url }: { url: string }) {
  const local = url.startsWith(window.location.origin) ? url.slice(window.location.origin.length) : null;
  return local !== null ? (
    <Button variant="contained" component={RouterLink} to={local}>
      Start
    </Button>
  ) : (
    <Button variant="contained" href={url} target="_blank" rel="noopener noreferrer">
      Start
    </Button>
  );
}

/** The QR code (size 200), drawn in the browser by the lazily loaded `qrcode` package (not in the first download). */
export function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', width: QR_SIZE, margin: 1 }))
      .then((out) => live && setSvg(out), () => undefined);
    return () => {
      live = false;
    };
  }, [value]);
  return svg ? (
    <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} width={QR_SIZE} height={QR_SIZE} alt="QR code to continue on your phone" />
  ) : (
    <Box sx={{ width: QR_SIZE, height: QR_SIZE }} aria-hidden />
  );
}

/** 'seconds until checking': 120 s, then the verification is read again, then every 30 s (spec 9). */
function Countdown({ onCheck }: { onCheck: () => unknown }) {
  const [left, setLeft] = useState(IDENTITY_FIRST_CHECK_S);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left > 0) return;
    void onCheck();
    setLeft(IDENTITY_RECHECK_S);
  }, [left, onCheck]);
  return (
    <Typography role="timer" aria-live="off">
      {left} seconds until checking
    </Typography>
  );
}
