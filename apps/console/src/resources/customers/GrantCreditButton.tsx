import AddCard from '@mui/icons-material/AddCard';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { usesTokens } from '@credence/domain';
import { useState, type FormEvent } from 'react';
import { useCreate, useGetList, useNotify, useRefresh } from 'react-admin';
import { currencySymbol, money } from '@/shared/format';
import { paymentTypeLabel } from '@/resources/customers/choices';

interface Customer {
  id: string;
  name: string;
  paymentType: string;
  currency: string;
}

/**
 * The amount as the money area's AdjustCredit command counts it: minor units for money accounts, credits for
 * token accounts (libs/domain credit.events.ts). Staff type pounds (or credits).
 */
export const grantAmount = (customer: Pick<Customer, 'paymentType'>, typed: number) =>
  usesTokens(customer.paymentType) ? Math.trunc(typed) : Math.round(typed * 100);

function CustomerPicker({ value, onChange }: { value: Customer | null; onChange: (c: Customer | null) => void }) {
  const [q, setQ] = useState('');
  const { data = [] } = useGetList<Customer>('customers', { filter: q ? { q } : {}, pagination: { page: 1, perPage: 20 }, sort: { field: 'name', order: 'ASC' } });
  return (
    <Autocomplete
      options={data}
      value={value}
      onChange={(_, c) => onChange(c)}
      onInputChange={(_, text) => setQ(text)}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label="Customer" required />}
    />
  );
}

/**
 * A staff credit grant (or removal, with a negative amount) with its reason: POST /admin/credit-grants
 * {companyId, amount, reason}, a command of the money area (issue 6), audited there with the staff name.
 */
export function GrantCreditButton({ customer: fixed }: { customer?: Customer }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Customer | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [create, { isPending }] = useCreate();
  const notify = useNotify();
  const refresh = useRefresh();
  const customer = fixed ?? picked;
  const value = Number(amount);
  const tokens = customer ? usesTokens(customer.paymentType) : false;
  const valid = Boolean(customer) && amount.trim() !== '' && Number.isFinite(value) && value !== 0 && reason.trim().length >= 3;
  const shown = customer ? (tokens ? `${Math.abs(Math.trunc(value))} credit(s)` : money(Math.abs(value), customer.currency)) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !customer) return;
    void create(
      'credit-grants',
      { data: { companyId: customer.id, amount: grantAmount(customer, value), reason: reason.trim() } },
      {
        onSuccess: () => {
          notify(`${value > 0 ? 'Granted' : 'Removed'} ${shown} ${value > 0 ? 'to' : 'from'} ${customer.name}`, { type: 'success' });
          setOpen(false);
          setAmount('');
          setReason('');
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };

  return (
    <>
      <Button variant="outlined" startIcon={<AddCard />} onClick={() => setOpen(true)}>
        Grant credit
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" component="form" onSubmit={submit}>
        <DialogTitle>Grant or remove credit</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {fixed ? (
            <Typography variant="body2">
              Customer: <strong>{fixed.name}</strong> ({paymentTypeLabel(fixed.paymentType)})
            </Typography>
          ) : (
            <CustomerPicker value={picked} onChange={setPicked} />
          )}
          <TextField
            label={tokens ? 'Credits' : `Amount (${currencySymbol(customer?.currency)})`}
            required
            type="number"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            helperText="A negative amount removes credit; the balance cannot go below zero."
            slotProps={{ htmlInput: { step: tokens ? '1' : '0.01' } }}
          />
          <TextField
            label="Reason"
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText="Recorded with your name on the customer's credit history."
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!valid} loading={isPending}>
            {value < 0 ? 'Remove credit' : 'Grant credit'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
