import type { InvoiceRow } from '@credence/read-models';
import Paid from '@mui/icons-material/Paid';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '@/dataProvider';
import { localToday, UkDatePicker } from '@/shared/UkDateInput';

/**
 * Staff settle an invoice account's invoice: the payment reference and the day the money arrived go to
 * POST /admin/invoices/{id}/settlement (audited); the customer's invoice then shows Paid and that day.
 */
export function MarkPaidButton() {
  const r = useRecordContext<InvoiceRow>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(localToday);
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!r || r.status === 'PAID' || r.billing !== 'invoice') return null;
  const submit = async () => {
    if (!reference.trim()) {
      setError('A payment reference is required.');
      return;
    }
    // A half-typed day is not sent as no day: the field says what is wrong with it.
    if (!paidOn && !dateProblem) setDateProblem('The day the money arrived is required.');
    if (dateProblem || !paidOn) return;
    setBusy(true);
    try {
      await httpClient(`/admin/invoices/${encodeURIComponent(r.id)}/settlement`, {
        method: 'POST',
        body: JSON.stringify({ reference: reference.trim(), paidOn }),
      });
      notify(`Invoice ${r.id} marked paid`, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<Paid />} onClick={() => setOpen(true)}>
        Mark paid
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="mark-paid-title">
        <DialogTitle id="mark-paid-title">Mark invoice {r.id} paid</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 360 } }}>
            <TextField
              label="Payment reference"
              value={reference}
              onChange={(e) => {
                setReference(e.target.value);
                setError(null);
              }}
              error={!!error}
              helperText={error ?? 'The bank transfer or cheque reference; the invoice shows it as its Receipt Id.'}
              autoFocus
              required
            />
            <UkDatePicker
              label="Date received"
              value={paidOn}
              max={localToday()}
              required
              error={dateProblem}
              helperText="The day the money arrived: the customer's invoice shows it as paid on that day."
              onChange={(next, problem) => {
                setPaidOn(next);
                setDateProblem(problem);
              }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit()} loading={busy}>
            Mark paid
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
