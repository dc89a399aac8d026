import type { VerificationRefundView } from '@credence/api-contract';
import type { InvoiceRow } from '@credence/read-models';
import Undo from '@mui/icons-material/Undo';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { httpClient } from '@/dataProvider';
import { minor } from '@/resources/invoices/List';

type Item = InvoiceRow['items'][number];


/** What the refund did, in words for staff. */
export function refundOutcome(result: VerificationRefundView, currency: string): string {
  if (!result.refunded) return 'This verification has already been refunded; nothing more was given back.';
  const parts: string[] = [];
  if (result.toCard && result.toCard.amountMinor > 0) {
    parts.push(`${minor(result.toCard.amountMinor, currency)} goes back to the card it was paid with${result.toCard.status === 'failed' ? ' (refused by the provider: given as credit instead)' : ''}`);
  }
  if (result.toCredit) parts.push(result.unit === 'credits' ? `${result.toCredit} credit(s) returned` : `${minor(result.toCredit, currency)} returned as credit`);
  return `Refunded: ${parts.join('; ') || 'nothing was left to give back'}.`;
}

/**
 * Staff give back what a verification of a card-paid invoice cost (POST /admin/refunds, audited): to the card through
 * the payment provider, what came from credit as credit. Asks for a reason and a confirmation first; shows what
 * happened. Once per verification: a second refund gives nothing more.
 */
export function RefundButton({ item }: { item: Item }) {
  const r = useRecordContext<InvoiceRow>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!r || r.billing !== 'card' || r.kind !== 'order' || !item.verificationId) return null;
  const verificationId = item.verificationId;
  const name = item.candidateName ?? item.name;
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = async () => {
    if (!reason.trim()) {
      setError('A reason is required.');
      return;
    }
    setBusy(true);
    try {
      const { json } = await httpClient('/admin/refunds', {
        method: 'POST',
        body: JSON.stringify({ companyId: r.companyId, verificationId, reason: reason.trim() }),
      });
      const text = refundOutcome(json as VerificationRefundView, r.currency);
      setOutcome(text);
      notify(text, { type: (json as VerificationRefundView).refunded ? 'success' : 'info' });
      close();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<Undo />} onClick={() => setOpen(true)} aria-label={`Refund ${name}`}>
        Refund
      </Button>
      {outcome && (
        <Alert severity="info" sx={{ mt: 1 }} role="status">
          {outcome}
        </Alert>
      )}
      <Dialog open={open} onClose={close} aria-labelledby={`refund-title-${verificationId}`}>
        <DialogTitle id={`refund-title-${verificationId}`}>Refund verification {verificationId}?</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 400 } }}>
            <DialogContentText>
              What {name} cost on invoice {r.id} goes back to the card it was paid with; any part paid from credit returns as credit. A
              verification is refunded once.
            </DialogContentText>
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              error={!!error}
              helperText={error ?? 'Recorded in the audit log with your name.'}
              autoFocus
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" color="warning" onClick={() => void submit()} loading={busy}>
            Refund
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
