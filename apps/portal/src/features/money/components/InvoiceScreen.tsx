import type { InvoiceView } from '@credence/api-contract';
import { INVOICE_PROVIDER } from '@credence/domain';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  GlobalStyles,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { useDownloadInvoicePdf, useInvoice } from '@/features/money/hooks/useInvoice';
import { ApiError } from '@/shared/api/client';
import { Logo } from '@/shared/layout/Logo';
import { formatDate, formatDateTime, formatMajorAmount, isDateOnly } from '@/shared/ui/format';

/**
 * 'Paid 18 Nov 2026' once paid (the day staff recorded for an invoice account, else the payment's time), else
 * 'Awaiting payment': the invoice PDF prints the same.
 */
export function paymentStatus(invoice: Pick<InvoiceView, 'status' | 'paidAt'>): string {
  if (invoice.status !== 'PAID') return 'Awaiting payment';
  const at = invoice.paidAt;
  if (!at) return 'Paid';
  return `Paid ${isDateOnly(at) ? formatDate(at) : formatDateTime(at)}`;
}

/** On paper only the invoice: the shell's bars, the sidebar and the buttons stay off the page (2.14 print layout). */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        // The shell's bars, sidebar, notices and footer, and the screen's buttons.
        'header, aside, footer, nav, .MuiToolbar-root, #content > :not([data-print-root]), [data-no-print]': {
          display: 'none !important',
        },
        body: { background: '#fff' },
        '#content': { padding: '0 !important', maxWidth: 'none !important' },
      },
    }}
  />
);

/** The invoice, or the receipt for individuals (money 2.14), with money 9's calculated rows. */
export function InvoiceScreen() {
  const { id = '' } = useParams();
  const { data, isPending, error, refetch } = useInvoice(id);

  if (isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading the invoice">
        <CardContent>
          <Skeleton width="40%" height={40} />
          <Skeleton height={120} />
          <Skeleton height={200} />
        </CardContent>
      </Card>
    );
  }
  if (error || !data) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Alert
        severity={missing ? 'info' : 'error'}
        action={
          missing ? (
            <Button color="inherit" size="small" component={RouterLink} to="/credit/history">
              Back
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          )
        }
      >
        {missing ? 'This invoice was not found.' : 'The invoice could not be loaded.'}
      </Alert>
    );
  }
  return <InvoiceDocument invoice={data} />;
}

function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const download = useDownloadInvoicePdf(invoice.id);
  const money = (amount: number) => formatMajorAmount(amount, invoice.currency);
  const c = invoice.company;
  const address = [
    c.addressStreet1,
    c.addressStreet2,
    c.addressStreet3,
    c.addressCity,
    c.addressPostCode,
    c.addressCountry.name,
  ].filter((line): line is string => !!line);
  const headings = invoice.showPriceHeadings;
  const details: [string, string][] = [
    ['Invoice Date', formatDateTime(invoice.created)],
    ['Invoice #', invoice.id],
    ['Receipt Id', invoice.receiptId ?? ''],
    ['Transaction Id', invoice.providerId ?? ''],
    ['Status', paymentStatus(invoice)],
  ];

  return (
    <Stack spacing={2} data-print-root>
      {PRINT_STYLES}
      <Stack
        direction="row"
        spacing={1}
        data-no-print
        sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Button component={RouterLink} to="/credit/history">
          Back
        </Button>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="contained"
            startIcon={<Download />}
            loading={download.isPending}
            onClick={() => {
              download.mutateAsync().catch(() => {
                // the client's error toast has said why; nothing was saved
              });
            }}
          >
            Download PDF
          </Button>
        </Stack>
      </Stack>
      <Card component="article" aria-labelledby="invoice-title" sx={{ '@media print': { boxShadow: 'none', border: 0 } }}>
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
          >
            <Logo height={34} />
            <Box sx={{ textAlign: { sm: 'right' } }}>
              <Typography id="invoice-title" variant="h4" component="h2" color="primary">
                {invoice.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="address" sx={{ fontStyle: 'normal' }}>
                {INVOICE_PROVIDER.lines.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
                {INVOICE_PROVIDER.email}
              </Typography>
            </Box>
          </Stack>

          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ my: 3 }}>
            <Box sx={{ flex: 1 }} component="section" aria-labelledby="invoice-customer">
              <Typography id="invoice-customer" variant="overline" color="text.secondary" component="h3">
                Customer
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{c.name}</Typography>
              {c.vatId && <Typography variant="body2">VAT ID: {c.vatId}</Typography>}
              {address.map((line) => (
                <Typography variant="body2" key={line}>
                  {line}
                </Typography>
              ))}
            </Box>
            <Box sx={{ flex: 1 }}>
              <Table size="small" aria-label="Details">
                <TableBody>
                  {details.map(([label, value]) => (
                    <TableRow key={label}>
                      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '45%', border: 0 }}>
                        {label}
                      </TableCell>
                      {/* Ids may be long unbroken strings; dates and statuses wrap between words only. */}
                      <TableCell sx={{ border: 0, wordBreak: label === 'Status' || label === 'Invoice Date' ? 'normal' : 'break-all' }}>{value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>

          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              aria-label="Items"
              sx={{ '& th, & td': { px: { xs: 0.75, sm: 2 }, fontSize: { xs: '0.8125rem', sm: '0.875rem' } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell align="right">{headings ? 'Our Price' : ''}</TableCell>
                  <TableCell align="right">{headings ? 'Institute Surcharge' : ''}</TableCell>
                  <TableCell align="right">Total</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoice.items.map((item, index) => (
                  <TableRow key={`${item.label}-${index}`}>
                    <TableCell>{item.label}</TableCell>
                    <TableCell align="right">{headings ? money(item.price) : ''}</TableCell>
                    <TableCell align="right">{headings ? money(item.surcharge) : ''}</TableCell>
                    <TableCell align="right">{money(item.total)}</TableCell>
                  </TableRow>
                ))}
                {invoice.summary.map((row) => {
                  const strong = row.label === 'Total' || row.label === 'Total Paid';
                  return (
                    <TableRow key={row.label}>
                      <TableCell
                        component="th"
                        scope="row"
                        colSpan={3}
                        align="right"
                        sx={{ border: 0, fontWeight: strong ? 700 : 400 }}
                      >
                        {row.label}
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{ border: 0, fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}
                      >
                        {money(row.amount)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>
    </Stack>
  );
}
