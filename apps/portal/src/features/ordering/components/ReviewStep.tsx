import {
  Box,
  Button,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMediaQuery, type Theme } from '@mui/material';
import { IconButton, Menu, MenuItem, TextField, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  DELETE_VERIFICATION_HELP,
  currencySymbol,
  EXTRA_CREDIT_MAX,
  normaliseDate,
  normaliseExtraCredit,
  NOTHING_TO_PAY,
  typeByCode,
  type TypeCode,
} from '@credence/domain';
import { useState } from 'react';
import type { InstituteBody, OrderQuote } from '@/features/ordering/api/ordering';
import { TermsConsent } from '@/features/ordering/components/TermsConsent';
import { entryTitle, type EntryValues } from '@/features/ordering/wizard/model';
import { formatCredits, formatDate, formatMajorAmount } from '@/shared/ui/format';

interface Props {
  entries: EntryValues[];
  institutes: Readonly<Record<string, InstituteBody>>;
  quote: OrderQuote | undefined;
  quoteLoading: boolean;
  individual: boolean;
  consent: boolean;
  onConsent: (yes: boolean) => void;
  /** CARD payers go on to Payment Details; everyone else submits here. */
  payByCard: boolean;
  submitting: boolean;
  /** Card payers may buy extra credit with the order (money 2.9); absent for everyone else. */
  extraCredit?: { value: string; onChange: (raw: string) => void };
  onBack: () => void;
  /** 'Edit verifications' (money 2.9): back to the details of them all. */
  onEdit: () => void;
  /** A row's edit: back to the details, opened at that verification. */
  onEditEntry: (index: number) => void;
  /** A row's delete (asks first); absent when the order's verifications may not be removed (locked institutes). */
  onDeleteEntry?: (index: number) => void;
  /** The types 'Add another verification' may still add (allowed, below their maximum); empty when locked. */
  addable: readonly TypeCode[];
  onAdd: (code: TypeCode) => void;
  onNext: () => void;
}

/** Review & Consent (verifications 2.2) with the order review (money 2.9): 'Your Order', totals, the consent switch. */
export function ReviewStep({
  entries,
  institutes,
  quote,
  quoteLoading,
  individual,
  consent,
  onConsent,
  payByCard,
  submitting,
  extraCredit,
  onBack,
  onEdit,
  onEditEntry,
  onDeleteEntry,
  addable,
  onAdd,
  onNext,
}: Props) {
  return (
    <Stack spacing={3}>
      <Card variant="outlined" component="section" aria-labelledby="review-summary">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography id="review-summary" component="h3" variant="h6">
              Verification Summary
            </Typography>
            <Button variant="outlined" onClick={onEdit}>
              Edit verifications
            </Button>
          </Box>
          {/* money 2.9: one row per verification, with edit and delete per row. */}
          <Stack component="ol" spacing={1} sx={{ pl: 2.5, m: 0 }}>
            {entries.map((e, i) => {
              const name = `${e.firstname} ${e.middlename ? `${e.middlename} ` : ''}${e.lastname}`.trim();
              const title = entryTitle(e.instituteId ? institutes[e.instituteId] : undefined, typeByCode(e.code).name, i + 1);
              // Named after the person and the institute: one order often holds two verifications of one person.
              const which = `${name || 'the individual'}'s ${typeByCode(e.code).name} verification (${title})`;
              return (
                <li key={e.key}>
                  <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {typeByCode(e.code).name}: {title}
                        {/* Shown as every date is (verifications.md 9: display DD MMM YYYY), not in the shape it was typed. */}
                        {e.dob ? ` · Date of birth ${formatDate(normaliseDate(e.dob) ?? e.dob) || e.dob}` : ''}
                        {e.customerReference ? ` · ${e.customerReference}` : ''}
                      </Typography>
                    </Box>
                    <Tooltip title="Edit">
                      <IconButton size="small" aria-label={`Edit ${which}`} onClick={() => onEditEntry(i)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {onDeleteEntry && (
                      <Tooltip title={DELETE_VERIFICATION_HELP}>
                        <IconButton size="small" aria-label={`Delete ${which}`} onClick={() => onDeleteEntry(i)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                </li>
              );
            })}
          </Stack>
          {addable.length > 0 && <AddAnother addable={addable} onAdd={onAdd} />}
        </CardContent>
      </Card>

      <OrderReview quote={quote} loading={quoteLoading} />
      {extraCredit && quote?.unit === 'money' && <ExtraCredit {...extraCredit} currency={quote.currency} />}

      <Card variant="outlined" component="section" aria-labelledby="consent-title">
        <CardContent>
          <TermsConsent id="consent-title" heading="h3" individual={individual} consent={consent} onConsent={onConsent} />
        </CardContent>
      </Card>

      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
        {payByCard && quote?.unit === 'money' && quote.total === 0 && !quoteLoading && (
          // verifications 8, money 4: an order with nothing to pay is submitted without the card step.
          <Typography role="status" sx={{ fontWeight: 600, mr: 'auto' }}>
            {NOTHING_TO_PAY}
          </Typography>
        )}
        <Button onClick={onBack}>Back</Button>
        <Button variant="contained" disabled={!consent || quoteLoading} loading={submitting} onClick={onNext}>
          {payByCard && !(quote?.unit === 'money' && quote.total === 0) ? 'Next' : 'Submit'}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * 'Add another verification' (money 2.9): with one type left to add, it adds one of that type; with several, it asks
 * which (the types' own names, as the start screen's cards).
 */
function AddAnother({ addable, onAdd }: { addable: readonly TypeCode[]; onAdd: (code: TypeCode) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const single = addable.length === 1;
  return (
    <>
      <Button
        sx={{ mt: 1.5 }}
        startIcon={<AddIcon />}
        id="add-another-verification"
        aria-haspopup={single ? undefined : 'menu'}
        aria-expanded={single ? undefined : !!anchor}
        aria-controls={anchor ? 'add-another-menu' : undefined}
        onClick={(ev) => (single ? onAdd(addable[0]) : setAnchor(ev.currentTarget))}
      >
        Add another verification
      </Button>
      <Menu id="add-another-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': 'add-another-verification' } }}>
        {addable.map((code) => (
          <MenuItem
            key={code}
            onClick={() => {
              setAnchor(null);
              onAdd(code);
            }}
          >
            {typeByCode(code).name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Extra credit bought with the order (money 2.9): 0 by default, up to 1000; empty reads 1. */
function ExtraCredit({ value, onChange, currency }: { value: string; onChange: (raw: string) => void; currency: string }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="extra-credit-title">
      <CardContent>
        <Typography id="extra-credit-title" component="h3" variant="h6" sx={{ mb: 1 }}>
          Extra credit
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            type="number"
            label={`Extra credit (${currencySymbol(currency)})`}
            value={value}
            size="small"
            onChange={(e) => onChange(e.target.value)}
            onBlur={() => onChange(String(normaliseExtraCredit(value, 0)))}
            slotProps={{ htmlInput: { min: 0, max: EXTRA_CREDIT_MAX, step: 1 } }}
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
      </CardContent>
    </Card>
  );
}

/** The credit taken off the order, as a deduction ('-£5.00'), or nothing taken ('£0.00'). */
const less = (n: number, money: (n: number) => string) => (n > 0 ? `-${money(n)}` : money(0));

/** MUI draws table footers small and grey; the totals are what the order is about. */
const footer = { color: 'text.primary', fontSize: '0.875rem' } as const;

function OrderReview({ quote, loading }: { quote: OrderQuote | undefined; loading: boolean }) {
  if (!quote && loading) return <Skeleton variant="rounded" height={160} aria-label="Loading your order" />;
  if (!quote || quote.unit === 'none') return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="your-order">
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography id="your-order" component="h3" variant="h6" sx={{ mb: 1 }}>
          Your Order
        </Typography>
        {quote.unit === 'credits' ? (
          <Table size="small" aria-labelledby="your-order" sx={{ opacity: loading ? 0.6 : 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Verification</TableCell>
                <TableCell align="right">Credits</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quote.lines.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>
                    {l.candidateName}
                    <Typography variant="body2" color="text.secondary">
                      {l.instituteName}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatCredits(l.credits)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ ...footer, fontWeight: 700 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ ...footer, fontWeight: 700 }}>
                  {formatCredits(quote.totalCredits)}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell colSpan={2} sx={footer}>
                  Current balance: {formatCredits(quote.balance)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        ) : (
          <MoneyOrder quote={quote} loading={loading} />
        )}
      </CardContent>
    </Card>
  );
}

function MoneyOrder({ quote, loading }: { quote: Extract<OrderQuote, { unit: 'money' }>; loading: boolean }) {
  const money = (n: number) => formatMajorAmount(n, quote.currency);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <MoneyOrderStacked quote={quote} loading={loading} money={money} />;
  const total = (label: string, value: string, strong = false) => (
    <TableRow>
      <TableCell component="th" scope="row" colSpan={4} align="right" sx={{ ...footer, ...(strong ? { fontWeight: 700 } : {}) }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ ...footer, ...(strong ? { fontWeight: 700 } : {}) }}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" aria-labelledby="your-order" sx={{ opacity: loading ? 0.6 : 1, minWidth: 520 }}>
      <TableHead>
        <TableRow>
          <TableCell>Verification</TableCell>
          <TableCell align="right">Fee</TableCell>
          <TableCell align="right">Surcharge</TableCell>
          <TableCell align="right">Accreditation</TableCell>
          <TableCell align="right">Total</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {quote.lines.map((l) => (
          <TableRow key={l.id}>
            <TableCell>
              {l.candidateName}
              <Typography variant="body2" color="text.secondary">
                {l.instituteName}
              </Typography>
            </TableCell>
            <TableCell align="right">
              {l.originalFee !== null && (
                <Box component="s" sx={{ color: 'text.secondary', mr: 1 }} aria-label={`was ${money(l.originalFee)}`}>
                  {money(l.originalFee)}
                </Box>
              )}
              {money(l.fee)}
            </TableCell>
            <TableCell align="right">{money(l.surcharge)}</TableCell>
            <TableCell align="right">{money(l.accreditation)}</TableCell>
            <TableCell align="right">{money(l.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {total('Sub total', money(quote.subTotal))}
        {total(`Plus VAT (${quote.vatRatePercent} %)`, money(quote.vat))}
        {total('Less current credit', less(quote.creditUsed, money))}
        {total('Total', money(quote.total), true)}
      </TableFooter>
    </Table>
  );
}


/** The same order on a phone: each verification as its own lines, then the totals (nothing scrolls sideways). */
function MoneyOrderStacked({ quote, loading, money }: { quote: Extract<OrderQuote, { unit: 'money' }>; loading: boolean; money: (n: number) => string }) {
  const line = (label: string, value: React.ReactNode, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 700 : undefined }}>
      <Box component="dt">{label}</Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
        {value}
      </Box>
    </Box>
  );
  return (
    <Stack spacing={2} sx={{ opacity: loading ? 0.6 : 1 }}>
      {quote.lines.map((l) => (
        <Box key={l.id} component="dl" sx={{ m: 0, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600 }}>{l.candidateName}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {l.instituteName}
          </Typography>
          {line(
            'Fee',
            <>
              {l.originalFee !== null && (
                <Box component="s" sx={{ color: 'text.secondary', mr: 1 }} aria-label={`was ${money(l.originalFee)}`}>
                  {money(l.originalFee)}
                </Box>
              )}
              {money(l.fee)}
            </>,
          )}
          {line('Surcharge', money(l.surcharge))}
          {line('Accreditation', money(l.accreditation))}
          {line('Total', money(l.total))}
        </Box>
      ))}
      <Box component="dl" sx={{ m: 0 }}>
        {line('Sub total', money(quote.subTotal))}
        {line(`Plus VAT (${quote.vatRatePercent} %)`, money(quote.vat))}
        {line('Less current credit', less(quote.creditUsed, money))}
        {line('Total', money(quote.total), true)}
      </Box>
    </Stack>
  );
}
