import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { DELETE_VERIFICATION_HELP } from '@credence/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { InstituteDetail, VerificationDetail } from '@/features/verifications/api/verifications';
import {
  AmendForm,
  amendErrors,
  amendPayload,
  initialAmendValues,
  type AmendValues,
} from '@/features/verifications/components/AmendForm';
import { AmendDocuments } from '@/features/verifications/components/AmendDocuments';
import { TermsConsent } from '@/features/ordering/components/TermsConsent';
import { CardPaymentPanel } from '@/features/verifications/components/CardPaymentPanel';
import { QrCode } from '@/features/verifications/components/IdentityCapturePanel';
import { localToday } from '@/shared/ui/format';
import {
  useDeleteVerification,
  useResubmitVerification,
  useSubmitVerification,
} from '@/features/verifications/hooks/useVerificationActions';
import { invoiceToast } from '@/features/verifications/presentation';
import type { ViewMode } from '@/features/verifications/viewMode';
import { editRights } from '@/features/verifications/viewMode';
import { useNotify } from '@/shared/notifications/useNotify';
import { useSession } from '@/shared/session/useSession';

/** Spec 8: the guidance shown with a NOT_FOUND result. */
export const NOT_FOUND_GUIDANCE =
  'We have searched the data we hold for this institute, but no match for your request could be found.';
export const NOT_CHARGED = 'You will not be charged for any of these actions.';
export const DELETE_CONFIRM = 'Are delete this verification request?';

interface Props {
  v: VerificationDetail;
  institute: InstituteDetail | undefined;
  mode: Exclude<ViewMode, 'result'>;
  /** CARD payers pay an incomplete request in a payment panel rather than submitting it. */
  card: boolean;
}

/** The actionable modes of the verification view (2.9): incomplete, NOT_FOUND, REJECTED; delete in each. */
export function ActionPanel({ v, institute, mode, card }: Props) {
  return (
    <Card component="section" aria-labelledby="action-title">
      <CardContent>
        <Stack spacing={3}>
          {mode === 'incomplete' ? (
            <IncompleteSection v={v} institute={institute} card={card} />
          ) : (
            <AmendSection v={v} institute={institute} mode={mode} />
          )}
          <Divider />
          <DeleteSection id={v.id} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Incomplete (2.9: UNPAID, AWAITING_CONSENT; 4: editable, 56): a draft saved for later is completed here, its details
 * and documents as the amend form edits them, the user's consent asked for (1: "before submitting, the user confirms
 * holding written consent"), then submitted (or paid by card) with the details as amended.
 */
function IncompleteSection({ v, institute, card }: { v: VerificationDetail; institute: InstituteDetail | undefined; card: boolean }) {
  const notify = useNotify();
  const { claims } = useSession();
  const submit = useSubmitVerification(v.id);
  const details = useAmendDetails(v, institute);
  const [consent, setConsent] = useState(false);
  const amended = () => {
    const fields = details.checked();
    return fields && { fields };
  };

  return (
    <Stack spacing={2.5}>
      <Typography id="action-title" variant="h6" component="h3">
        Incomplete
      </Typography>
      <Typography>This request is incomplete, please complete and submit it below.</Typography>
      {details.form}
      <Box component="section" aria-labelledby="incomplete-consent">
        <TermsConsent id="incomplete-consent" heading="h4" individual={!!claims?.isIndividual} consent={consent} onConsent={setConsent} />
      </Box>
      {card ? (
        <CardPaymentPanel v={v} consent={consent} amended={amended} />
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography>Submit this completed verification request for processing.</Typography>
          <Button
            variant="contained"
            disabled={!consent || submit.isPending}
            startIcon={submit.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => {
              const amend = amended();
              if (!amend) return;
              submit.mutate(
                { amend },
                {
                  onSuccess: (answer) => {
                    if (answer.invoiceId) notify(invoiceToast(answer.invoiceId));
                    window.scrollTo({ top: 0 });
                  },
                },
              );
            }}
          >
            Submit
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function AmendSection({
  v,
  institute,
  mode,
}: {
  v: VerificationDetail;
  institute: InstituteDetail | undefined;
  mode: 'notFound' | 'rejected';
}) {
  const resubmit = useResubmitVerification(v.id);
  const details = useAmendDetails(v, institute);
  const [sending, setSending] = useState<'auto' | 'manual' | null>(null);
  const retries = v.retriesLeft;
  const canRetry = mode === 'rejected' || retries > 0;
  const allowsPending = !!(v.institute?.allowsPending ?? institute?.allowsPending);

  const send = (force: boolean) => {
    const fields = details.checked();
    if (!fields) return;
    setSending(force ? 'manual' : 'auto');
    resubmit.mutate(
      { fields, force },
      {
        onSuccess: () => window.scrollTo({ top: 0 }),
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <Stack spacing={2.5}>
      <Typography id="action-title" variant="h6" component="h3">
        Your action is required!
      </Typography>
      {mode === 'notFound' ? (
        <Alert severity="warning">
          <AlertTitle>{NOT_FOUND_GUIDANCE}</AlertTitle>
          Please check the details below against those used at the time of attendance, for example:
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            <li>a surname changed by marriage;</li>
            <li>a shortened or different first name;</li>
            <li>the date of birth in the wrong format;</li>
            <li>typing errors in a student number or other reference.</li>
          </Box>
        </Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle>Institute / Employer provided details</AlertTitle>
          <Box sx={{ whiteSpace: 'pre-wrap' }}>
            {v.notes || 'The institute or employer returned this request.'}
          </Box>
        </Alert>
      )}
      {mode === 'notFound' && v.thirdPartyActionUrl && (
        // 2.9: the button and a QR code of the same address, to carry on from a phone.
        <Alert severity="warning">
          <AlertTitle>Action Required!</AlertTitle>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Box>
              <Button
                variant="contained"
                color="warning"
                href={v.thirdPartyActionUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Complete verification
              </Button>
            </Box>
            <QrCode value={v.thirdPartyActionUrl} />
          </Stack>
        </Alert>
      )}

      {details.form}

      <Stack spacing={1}>
        {mode === 'notFound' && (
          <Typography>
            {retries > 0
              ? `Re-submit for free to be checked automatically, limited to ${retries} more time(s).`
              : 'No free automatic re-checks are left for this verification.'}
          </Typography>
        )}
        {mode === 'rejected' && (
          <Typography>Amend the details and re-submit this request for free.</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {NOT_CHARGED}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button
          variant="contained"
          disabled={!canRetry || resubmit.isPending}
          startIcon={sending === 'auto' ? <CircularProgress size={18} color="inherit" /> : undefined}
          onClick={() => send(false)}
        >
          Re-submit
        </Button>
        {mode === 'notFound' && allowsPending && (
          <Button
            variant="outlined"
            disabled={resubmit.isPending}
            startIcon={sending === 'manual' ? <CircularProgress size={18} color="inherit" /> : undefined}
            onClick={() => send(true)}
          >
            Send for manual checking
          </Button>
        )}
      </Stack>
      {mode === 'notFound' && allowsPending && (
        <Typography variant="body2" color="text.secondary">
          Once sent for manual checking, the request becomes pending with the institute.
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The details and documents of a request being completed or amended (2.9), shared by Incomplete and the amend modes:
 * the form's state, the form itself, and `checked()`: the fields to send, or null with their errors shown.
 */
function useAmendDetails(v: VerificationDetail, institute: InstituteDetail | undefined) {
  const notify = useNotify();
  const rights = editRights(v.permissions);
  const [values, setValues] = useState<AmendValues>(() => initialAmendValues(v, institute));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const checked = () => {
    const found = amendErrors(values, institute, localToday());
    setErrors(found);
    if (Object.keys(found).length) {
      notify({ severity: 'error', title: 'Error', message: 'Please correct the errors shown below.' });
      return null;
    }
    return amendPayload(values, institute);
  };
  const form = (
    <>
      <AmendForm
        v={v}
        institute={institute}
        values={values}
        errors={errors}
        readOnly={!rights.fields}
        onChange={(key, value) => setValues((old) => ({ ...old, [key]: value }))}
      />
      <AmendDocuments v={v} institute={institute} />
    </>
  );
  return { checked, form };
}

function DeleteSection({ id }: { id: string }) {
  const navigate = useNavigate();
  const remove = useDeleteVerification(id);
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>{DELETE_VERIFICATION_HELP}</Typography>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
      >
        <DialogTitle id="delete-title">Delete verification</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-text">{DELETE_CONFIRM}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => void navigate('/verification/history'),
                onSettled: () => setConfirming(false),
              })
            }
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
