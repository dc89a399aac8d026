import {
  currencySymbol,
  EXTRA_CREDIT_MAX,
  EXTRA_CREDIT_MIN_DEFAULT,
  extraCreditDefault,
  normaliseExtraCredit,
} from '@credence/domain';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBuyCredit, useCreditInfo } from '@/features/money/hooks/useCreditOrders';
import { PaymentStep } from '@/features/ordering/components/PaymentStep';
import { invoiceToast } from '@/features/verifications/presentation';
import { ApiError } from '@/shared/api/client';
import { useNotify } from '@/shared/notifications/useNotify';
import { useSession } from '@/shared/session/useSession';
import { formatMajorAmount } from '@/shared/ui/format';
import { LoadError } from '@/shared/ui/feedback';

export const PAYMENT_FAILED = 'The payment failed. Please check your card details and try again.';

/**
 * Buy Credit (money 2.11) with the 'Credit Order' form of the order screen (2.9): the current credit, the extra
 * credit (10 by default, 1 to 1000, empty reads 1) and the totals; then the ordering wizard's card step. A credit
 * purchase carries no VAT in the money core (VAT is charged when credit pays for verifications), so the totals are
 * the amount itself. On success the balance rises and the new invoice opens; a refusal is told to the card form.
 */
export function BuyCreditScreen() {
  const info = useCreditInfo();
  const buy = useBuyCredit();
  const notify = useNotify();
  const navigate = useNavigate();
  const { claims } = useSession();
  const [raw, setRaw] = useState(String(extraCreditDefault(false)));
  const [paying, setPaying] = useState(false);
  const amount = normaliseExtraCredit(raw, EXTRA_CREDIT_MIN_DEFAULT);

  if (info.isPending) return <Skeleton variant="rounded" height={280} aria-label="Loading your credit" />;
  if (info.isError) {
    return <LoadError onRetry={info.refetch}>Your credit could not be loaded.</LoadError>;
  }
  const { currency, credit } = info.data;
  const money = (n: number) => formatMajorAmount(n, currency);

  async function pay(nonce: string, saveCard: boolean): Promise<string | null> {
    try {
      const bought = await buy.mutateAsync({ amount, btNonce: nonce, btSaveCard: saveCard });
      notify(invoiceToast(bought.id));
      void navigate(`/credit/history/${encodeURIComponent(bought.id)}`);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.sessionEnded) return null;
      return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.messages.length
        ? error.messages.join(' ')
        : PAYMENT_FAILED;
    }
  }

  if (paying) {
    return (
      <Box sx={{ maxWidth: 760 }}>
        <PaymentStep
          amount={amount}
          currency={currency}
          email={claims?.sub ?? ''}
          submitting={buy.isPending}
          onBack={() => setPaying(false)}
          onPay={pay}
        />
      </Box>
    );
  }

  return (
    <Card sx={{ maxWidth: 760 }} component="section" aria-labelledby="credit-order-title">
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography id="credit-order-title" variant="h5" component="h2">
              Credit Order
            </Typography>
            <Typography>
              Current Credit: <strong>{money(credit)}</strong>
            </Typography>
          </Stack>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <TextField
              type="number"
              label={`Extra credit (${currencySymbol(currency)})`}
              value={raw}
              onChange={(e) => setRaw(e.target.value)}
              onBlur={() => setRaw(String(normaliseExtraCredit(raw, EXTRA_CREDIT_MIN_DEFAULT)))}
              slotProps={{ htmlInput: { min: EXTRA_CREDIT_MIN_DEFAULT, max: EXTRA_CREDIT_MAX, step: 1 } }}
              sx={{ width: 200 }}
            />
            <Tooltip title="Set extra credit to 0 in order to use your current credit">
              <IconButton aria-label="Set extra credit to 0 in order to use your current credit" size="small">
                <InfoOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Current credit is not used when purchasing extra credit">
              <IconButton aria-label="Current credit is not used when purchasing extra credit" size="small">
                <HelpOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
          <Table size="small" aria-label="Totals" sx={{ maxWidth: 420 }}>
            <TableBody>
              <TableRow>
                <TableCell component="th" scope="row">
                  Sub total
                </TableCell>
                <TableCell align="right">{money(amount)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {money(amount)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
          <Box>
            <Button variant="contained" size="large" onClick={() => setPaying(true)}>
              Pay
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
