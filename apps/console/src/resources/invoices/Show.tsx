import type { InvoiceRow } from '@credence/read-models';
import Download from '@mui/icons-material/Download';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { ListButton, Show, TopToolbar, useNotify, useRecordContext } from 'react-admin';
import { tokens } from '@/auth/tokens';
import { PageSection } from '@/shared/PageSection';
import { ShowError } from '@/shared/LoadError';
import { StatusChip } from '@/shared/StatusChip';
import { ukDate } from '@/shared/format';
import { minor } from '@/resources/invoices/List';
import { RecordTitle } from '@/shared/RecordTitle';
import { MarkPaidButton } from '@/resources/invoices/MarkPaidButton';
import { RefundButton } from '@/resources/invoices/RefundButton';

/** An item's text as the invoice view words it (money 2.14). */
function itemText(item: InvoiceRow['items'][number]) {
  if (item.candidateName) return `${item.candidateName} (${item.instituteNames.join(', ')})`;
  if (item.instituteNames?.length) return `${item.instituteNames.join(', ')} Accreditation`;
  return item.name;
}

function Invoice() {
  const r = useRecordContext<InvoiceRow>();
  // On a phone an item is its text and its total: the price and surcharge columns pushed the totals off the screen.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!r) return null;
  const c = r.company ?? ({} as InvoiceRow['company']);
  const totals: [string, number][] = [
    ['Sub Total', r.subtotalMinor],
    [`Plus VAT (${r.vatRatePercent}%)`, r.vatMinor],
    ['Less Current Credit', -r.creditUsedMinor],
    ['Plus Card Fees', r.cardFeeMinor],
    ['Total', r.totalMinor],
    ['Total Paid', r.paidMinor],
  ];
  // A card-paid order's verifications can be refunded one by one (RefundButton).
  const refundable = r.billing === 'card' && r.kind === 'order' && (r.items ?? []).some((i) => i.verificationId);
  return (
    <PageSection title={`Invoice ${r.id}`} action={<StatusChip label={r.status === 'PAID' ? 'Paid' : 'Issued'} tone={r.status === 'PAID' ? 'success' : 'warning'} />}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}>
        <Box>
          <Typography variant="subtitle2">{c.name}</Typography>
          {[c.addressStreet1, c.addressStreet2, c.addressStreet3, c.addressCity, c.addressPostCode, c.addressCountry?.name]
            .filter(Boolean)
            .map((l) => (
              <Typography key={String(l)} variant="body2">
                {l}
              </Typography>
            ))}
          {c.vatId ? <Typography variant="body2">VAT ID {c.vatId}</Typography> : null}
        </Box>
        <Box>
          <Typography variant="body2">Invoice Date: {ukDate(r.created, true)}</Typography>
          <Typography variant="body2">Invoice #: {r.id}</Typography>
          <Typography variant="body2">Receipt Id: {r.receiptId ?? '—'}</Typography>
          <Typography variant="body2">Transaction Id: {r.transactionId ?? '—'}</Typography>
          <Typography variant="body2">
            {r.status === 'PAID' ? `Paid: ${r.paidAt ? ukDate(r.paidAt, r.paidAt.length > 10) : '—'}${r.paymentMethod ? ` (${r.paymentMethod})` : ''}` : 'Awaiting payment'}
          </Typography>
          <Typography variant="body2">User: {r.username}{r.impersonator ? ` (by ${r.impersonator})` : ''}</Typography>
        </Box>
      </Box>
      {/* A long item (or a refund button) can still be wider than a phone: then it scrolls sideways, nothing is cut. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              {!phone && <TableCell align="right">Our Price</TableCell>}
              {!phone && <TableCell align="right">Institute Surcharge</TableCell>}
              <TableCell align="right">Total</TableCell>
              {refundable && <TableCell align="right">Actions</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {(r.items ?? []).map((item, i) => (
              <TableRow key={i}>
                <TableCell>{itemText(item)}</TableCell>
                {!phone && <TableCell align="right">{minor(item.priceMinor, r.currency)}</TableCell>}
                {!phone && <TableCell align="right">{minor(item.surchargeMinor, r.currency)}</TableCell>}
                <TableCell align="right">{minor(item.totalMinor, r.currency)}</TableCell>
                {refundable && (
                  <TableCell align="right">
                    <RefundButton item={item} />
                  </TableCell>
                )}
              </TableRow>
            ))}
            {totals.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell colSpan={phone ? 1 : 3} align="right" sx={{ fontWeight: label.startsWith('Total') ? 700 : 400 }}>
                  {label}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: label.startsWith('Total') ? 700 : 400 }}>
                  {minor(value, r.currency)}
                </TableCell>
                {refundable && <TableCell />}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </PageSection>
  );
}

/** The invoice (or receipt) as the customer's PDF: GET /admin/invoices/{id}/pdf, saved under its own name. */
export function DownloadPdfButton() {
  const r = useRecordContext<InvoiceRow>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!r) return null;
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(`/admin/invoices/${encodeURIComponent(r.id)}/pdf`, {
        headers: { 'X-AUTH-TOKEN': tokens.token, 'X-Client-Type': 'WEB' },
      });
      if (!response.ok) {
        notify(`The PDF could not be downloaded (${response.status}).`, { type: 'error' });
        return;
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `Invoice-${r.id}.pdf`;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<Download />} disabled={busy} onClick={() => void download()}>
      Download PDF
    </Button>
  );
}

export function InvoiceShow() {
  return (
    <Show
      title={<RecordTitle field="id" prefix="Invoice " />}
      error={<ShowError />}
      actions={<TopToolbar><ListButton /><MarkPaidButton /><DownloadPdfButton /></TopToolbar>}
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <Invoice />
    </Show>
  );
}
