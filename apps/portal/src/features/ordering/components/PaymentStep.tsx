import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Grid,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useAccount } from '@/features/account/hooks/useAccount';
import { savedCardNonce } from '@/features/money/api/savedCards';
import { NEW_CARD, SavedCardPicker } from '@/features/money/components/SavedCardPicker';
import { useSavedCards } from '@/features/money/hooks/useSavedCards';
import { ApiError } from '@/shared/api/client';
import { useCardClientToken } from '@/features/ordering/hooks/useOrder';
import { cardFormOf } from '@/features/ordering/wizard/cardForm';
import {
  CHALLENGE_CODE,
  CHALLENGE_FAILED,
  CHALLENGE_PASSED,
  cardProblems,
  formatCardNumber,
  formatExpiry,
  SANDBOX_CARDS,
  sandboxOutcome,
  type CardInput,
} from '@/features/ordering/wizard/sandboxCards';
import { formatMajorAmount } from '@/shared/ui/format';

interface Props {
  amount: number;
  currency: string;
  email: string;
  submitting: boolean;
  onBack: () => void;
  /** Submits the order with the card's nonce; answers the refusal to show, or null when it went through. */
  onPay: (nonce: string, saveCard: boolean) => Promise<string | null>;
}

/**
 * Payment Details (money 2.10) in the embedded default: the sandbox card form the product serves, behaving like the
 * card provider's test mode (test cards, a declined card, a 3-D Secure challenge that can pass or fail) and handing
 * the API the provider's test nonces. Nothing here is a real card: the form says so.
 */
export function PaymentStep(props: Props) {
  const token = useCardClientToken();
  if (token.isPending) return <Skeleton variant="rounded" height={240} aria-label="Loading the card form" />;
  const clientToken = token.data ?? null;
  if (clientToken && cardFormOf(clientToken) === 'braintree') {
    return (
      <Stack spacing={3}>
        <Typography component="h2" variant="h5">
          Payment Details
        </Typography>
        <Typography>
          Total to pay: <strong>{formatMajorAmount(props.amount, props.currency)}</strong>
        </Typography>
        <NairaWarning />
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          <BraintreeDropin
            clientToken={clientToken}
            amount={props.amount}
            currency={props.currency}
            email={props.email}
            submitting={props.submitting}
            onBack={props.onBack}
            onPay={props.onPay}
          />
        </Suspense>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <NairaWarning />
      <SandboxCardForm {...props} />
    </Stack>
  );
}

/** The Naira card limits warning (money 2.9) for accounts whose company is registered in Nigeria. */
export const NAIRA_WARNING =
  'Cards issued in Nigeria may have limits on payments in foreign currencies (Naira card limits). If your payment is declined, please contact your bank to raise the limit or use another card.';

function NairaWarning() {
  const account = useAccount();
  if (account.data?.company?.addressCountry?.id !== 'NG') return null;
  return <Alert severity="warning">{NAIRA_WARNING}</Alert>;
}

/** Braintree's drop-in comes with its own chunk, fetched only when the API pays through Braintree. */
const BraintreeDropin = lazy(() =>
  import('@/features/ordering/components/BraintreeDropin').then((m) => ({ default: m.BraintreeDropin })),
);

function SandboxCardForm({ amount, currency, email, submitting, onBack, onPay }: Props) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvv: '' });
  const [saveCard, setSaveCard] = useState(true);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [challenge, setChallenge] = useState(false);
  const [code, setCode] = useState('');
  // 'Save card for later' (2.9): the saved cards are offered to pick, above a new card's fields. A new card stays the
  // default, so the form reads as before for whoever types a card; one click picks a saved one.
  const saved = useSavedCards();
  const [choice, setChoice] = useState<string>(NEW_CARD);
  const savedCards = saved.data ?? [];
  const selected = savedCards.some((c) => c.id === choice) ? choice : NEW_CARD;
  const newCard = selected === NEW_CARD;
  const problems = cardProblems(card, new Date());
  const shown = tried && newCard ? problems : {};

  async function pay(nonce: string) {
    setRefusal(null);
    setRefusal(await onPay(nonce, newCard && saveCard));
  }

  /** A saved card pays through a nonce the provider makes for it, like a new card's. */
  async function payWithSaved(id: string) {
    setRefusal(null);
    let nonce: string;
    try {
      nonce = await savedCardNonce(id);
    } catch (e) {
      setRefusal(
        e instanceof ApiError
          ? e.messages.join(' ')
          : 'The saved card could not be used. Please try again or use a new card.',
      );
      return;
    }
    await pay(nonce);
  }

  function start() {
    setTried(true);
    setRefusal(null);
    if (!newCard) {
      void payWithSaved(selected);
      return;
    }
    if (Object.keys(problems).length) return;
    const outcome = sandboxOutcome(card.number);
    if ('unknown' in outcome) setRefusal('This sandbox accepts only the test cards listed below.');
    else if ('challenge' in outcome) {
      setCode('');
      setChallenge(true);
    } else void pay(outcome.nonce);
  }

  return (
    <Stack spacing={3}>
      <Typography component="h2" variant="h5">
        Payment Details
      </Typography>
      <Card variant="outlined" component="section" aria-label="Card payment">
        <CardContent>
          <Stack spacing={2} component="form" noValidate onSubmit={(e) => (e.preventDefault(), start())}>
            <Typography>
              Total to pay: <strong>{formatMajorAmount(amount, currency)}</strong>
            </Typography>
            {savedCards.length > 0 && (
              <SavedCardPicker cards={savedCards} selected={selected} onSelect={setChoice} />
            )}
            {newCard && (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label="Card number"
                    value={card.number}
                    onChange={(e) => setCard((c) => ({ ...c, number: formatCardNumber(e.target.value) }))}
                    required
                    fullWidth
                    autoComplete="cc-number"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    error={!!shown.number}
                    helperText={shown.number}
                  />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <TextField
                    label="Expiration date"
                    placeholder="MM/YY"
                    value={card.expiry}
                    onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))}
                    required
                    fullWidth
                    autoComplete="cc-exp"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    error={!!shown.expiry}
                    helperText={shown.expiry}
                  />
                </Grid>
                <Grid size={{ xs: 6, sm: 3 }}>
                  <TextField
                    label="CVV"
                    value={card.cvv}
                    onChange={(e) =>
                      setCard((c) => ({ ...c, cvv: e.target.value.replace(/\D/g, '').slice(0, 4) }))
                    }
                    required
                    fullWidth
                    autoComplete="cc-csc"
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                    error={!!shown.cvv}
                    helperText={shown.cvv}
                  />
                </Grid>
              </Grid>
            )}
            {newCard && (
              <FormControlLabel
                control={<Switch checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />}
                label="Save card for later"
              />
            )}
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button onClick={onBack}>Back</Button>
              <Button type="submit" variant="contained" loading={submitting}>
                Pay
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <Alert severity="info" variant="outlined" role="note" aria-label="Sandbox payments">
        <Typography sx={{ fontWeight: 600 }}>Sandbox payments</Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          No card is charged here. Use one of these test cards, with any future expiration date and any CVV (4
          digits for American Express). The 3-D Secure challenge accepts the code {CHALLENGE_CODE}.
        </Typography>
        <Table size="small" aria-label="Test cards">
          <TableHead>
            <TableRow>
              <TableCell>Card number</TableCell>
              <TableCell>Behaviour</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {SANDBOX_CARDS.map((c) => (
              <TableRow key={c.number}>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {formatCardNumber(c.number)}
                </TableCell>
                <TableCell>{c.label}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Alert>
      <Dialog open={challenge} onClose={() => setChallenge(false)} aria-labelledby="three-ds-title">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setChallenge(false);
            void pay(code.trim() === CHALLENGE_CODE ? CHALLENGE_PASSED : CHALLENGE_FAILED);
          }}
        >
          <DialogTitle id="three-ds-title">3-D Secure</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Your bank asks you to confirm this payment of {formatMajorAmount(amount, currency)} to Credence
              by {email}. Enter the code it sent you.
            </DialogContentText>
            <TextField
              autoFocus
              label="Verification code"
              value={code}
              onChange={(e) => setCode(e.target.value.slice(0, 8))}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setChallenge(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!code.trim()}>
              Submit
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Stack>
  );
}
