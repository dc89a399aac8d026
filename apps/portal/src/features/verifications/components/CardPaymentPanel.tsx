import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { SubmitInput, VerificationDetail } from '@/features/verifications/api/verifications';
import { useSubmitVerification } from '@/features/verifications/hooks/useVerificationActions';
import { invoiceToast, personName } from '@/features/verifications/presentation';
import { useOrderQuote } from '@/features/ordering/hooks/useOrder';
import { ApiError } from '@/shared/api/client';
import { useNotify } from '@/shared/notifications/useNotify';
import { useSession } from '@/shared/session/useSession';
import { formatMajorAmount } from '@/shared/ui/format';

/** The ordering wizard's card step (money 2.10), with its own chunk: fetched when the user chooses to pay. */
const PaymentStep = lazy(() =>
  import('@/features/ordering/components/PaymentStep').then((m) => ({ default: m.PaymentStep })),
);

/**
 * 2.9, UNPAID with CARD payment: the payment panel. The amount is the API's quote for this request (the figures the
 * ordering wizard's review shows); paying sends the card's nonce with PUT ?push=true, as the wizard submits a saved
 * draft. A refusal (a declined card, a failed 3-D Secure) stays in the card form and nothing changes; a payment
 * moves the request on, reads the verifications and the money again, and says where the invoice is.
 */
export function CardPaymentPanel({
  v,
  consent,
  amended,
}: {
  v: VerificationDetail;
  /** The user's consent on the page (2.9, 1): paying waits for it. */
  consent: boolean;
  /** The details as amended on the page, checked; null when they do not pass (the page shows why). */
  amended: () => SubmitInput['amend'] | null;
}) {
  const notify = useNotify();
  const { claims } = useSession();
  const [paying, setPaying] = useState(false);
  const [amend, setAmend] = useState<SubmitInput['amend']>();
  const submit = useSubmitVerification(v.id);
  const instituteId = v.institute?.id ?? v.instituteId;
  const quote = useOrderQuote(
    instituteId
      ? [{ id: v.id, instituteId, candidateName: personName(v.fields), accreditation: !!v.accreditation }]
      : [],
    0,
    true,
  );
  const due = quote.data?.unit === 'money' ? quote.data : null;

  async function pay(btNonce: string, btSaveCard: boolean): Promise<string | null> {
    try {
      const answer = await submit.mutateAsync({ card: { btNonce, btSaveCard }, amend });
      if (answer.invoiceId) notify(invoiceToast(answer.invoiceId));
      setPaying(false);
      window.scrollTo({ top: 0 });
      return null;
    } catch (error) {
      // The card's refusal (a 4xx in the provider's words) is shown in the form; anything else was the client's toast.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !error.sessionEnded)
        return error.messages.join(' ') || error.message;
      return null;
    }
  }

  if (quote.isPending && instituteId)
    return <Skeleton variant="rounded" height={80} aria-label="Loading the price" />;
  if (!due) {
    return (
      <Alert severity="warning">
        The price of this request could not be worked out, so it cannot be paid here. Please try again later.
      </Alert>
    );
  }
  if (paying) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={240} aria-label="Loading the card form" />}>
        <PaymentStep
          amount={due.total}
          currency={due.currency}
          email={claims?.sub ?? ''}
          submitting={submit.isPending}
          onBack={() => setPaying(false)}
          onPay={pay}
        />
      </Suspense>
    );
  }
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        Pay for this request by card to submit it for processing:{' '}
        <strong>{formatMajorAmount(due.total, due.currency)}</strong>
      </Typography>
      <Box>
        <Button
          variant="contained"
          disabled={!consent}
          onClick={() => {
            const details = amended();
            if (!details) return;
            setAmend(details);
            setPaying(true);
          }}
        >
          Pay by card
        </Button>
      </Box>
    </Stack>
  );
}
