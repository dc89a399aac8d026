import { Alert, Box, Button, FormControlLabel, Stack, Switch } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { loadDropin, walletOptions, type DropinInstance } from '@/features/ordering/wizard/cardForm';
import { SUPPORT_EMAIL } from '@/features/ordering/wizard/pricing';
import { LONG_TOAST_MS } from '@/shared/config';
import { useNotify } from '@/shared/notifications/useNotify';

/**
 * Money 8, access 8: the payment provider's script failed: a 10 s warning that the payment third party failed,
 * asking the user to clear the cache, retry, then contact us (the spec gives the content, not the words).
 */
export const PROVIDER_FAILED =
  `Our card payment provider could not be reached. Please clear your browser's cache and try again; if it still fails, please contact ${SUPPORT_EMAIL}.`;

interface Props {
  clientToken: string;
  amount: number;
  /** The account's currency: GBP offers the wallets (money 2.9). */
  currency: string;
  email: string;
  submitting: boolean;
  onBack: () => void;
  onPay: (nonce: string, saveCard: boolean) => Promise<string | null>;
}

/**
 * Braintree's own drop-in with 3-D Secure (money 2.10), when the API pays through Braintree. The nonce it gives is
 * submitted with the order; no nonce (the customer closed the challenge) shows nothing (2.2).
 */
export function BraintreeDropin({ clientToken, amount, currency, email, submitting, onBack, onPay }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<DropinInstance | null>(null);
  const [failed, setFailed] = useState(false);
  const [saveCard, setSaveCard] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const notify = useNotify();

  useEffect(() => {
    let created: DropinInstance | null = null;
    let gone = false;
    loadDropin()
      .then((dropin) => {
        if (!container.current) throw new Error('no container for the card form');
        return dropin.create({
          authorization: clientToken,
          container: container.current,
          threeDSecure: true,
          vaultManager: true,
          ...walletOptions(currency, amount),
        });
      })
      .then((made) => {
        created = made;
        if (gone) void made.teardown();
        else setInstance(made);
      })
      .catch(() => {
        if (gone) return;
        setFailed(true);
        notify({ severity: 'warning', title: 'Warning', message: PROVIDER_FAILED, durationMs: LONG_TOAST_MS });
      });
    return () => {
      gone = true;
      void created?.teardown();
    };
  }, [clientToken, currency, amount, notify]);

  async function pay() {
    if (!instance) return;
    setRefusal(null);
    let nonce: string;
    try {
      nonce = (await instance.requestPaymentMethod({ threeDSecure: { amount: amount.toFixed(2), email } })).nonce;
    } catch {
      return;
    }
    setRefusal(await onPay(nonce, saveCard));
  }

  return (
    <Stack spacing={2}>
      {failed && <Alert severity="error">{PROVIDER_FAILED}</Alert>}
      <Box ref={container} />
      <FormControlLabel control={<Switch checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />} label="Save card for later" />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" disabled={!instance} loading={submitting} onClick={() => void pay()}>
          Pay
        </Button>
      </Box>
    </Stack>
  );
}
