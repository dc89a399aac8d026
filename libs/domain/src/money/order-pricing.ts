import { DomainError } from '../shared/domain-error';
import { invoiceTotals } from './invoice-totals';
import { allocate, type Minor } from './money';
import { verificationCost } from './pricing';
import { vatRatePercentFor } from './vat';

/** One verification of an order, priced by the caller from the catalogue (or an application's pricingScheme). */
export interface OrderLineInput {
  verificationId: string;
  candidateName: string;
  instituteId: string | null;
  instituteName: string;
  /** Our Price. */
  priceMinor: Minor;
  /** Institute Surcharge (0 when none). */
  surchargeMinor?: Minor;
  /** Price of the accreditation check when the customer chose it; absent or null when not chosen. */
  accreditationMinor?: Minor | null;
}

export interface MoneyOrderLine {
  verificationId: string;
  candidateName: string;
  instituteId: string | null;
  instituteName: string;
  feeMinor: Minor;
  originalFeeMinor: Minor | null;
  surchargeMinor: Minor;
  accreditationMinor: Minor;
  /** Fee + surcharge + accreditation, before VAT (the invoice item's total). */
  totalMinor: Minor;
  /** What the check costs the balance with its share of the VAT (the PSV movement). */
  checkChargeMinor: Minor;
  /** What the accreditation costs with its share of the VAT (the AC movement); 0 when not chosen. */
  accreditationChargeMinor: Minor;
}

export interface MoneyOrderPlan {
  unit: 'money';
  lines: MoneyOrderLine[];
  vatRatePercent: number;
  subtotalMinor: Minor;
  vatMinor: Minor;
  /** Subtotal + VAT. */
  grossMinor: Minor;
  /** Current credit taken towards the order: none when extra credit is bought with it (2.9's tooltips). */
  creditUsedMinor: Minor;
  /** What is left to pay for the verifications: gross - credit used (the invoice total). */
  dueMinor: Minor;
  /** Extra credit bought with the order (added to the balance). */
  extraCreditMinor: Minor;
  /** What the card is charged (or the account invoiced): due + extra credit. */
  chargeMinor: Minor;
}

export interface TokenOrderLine {
  verificationId: string;
  candidateName: string;
  instituteId: string | null;
  instituteName: string;
  checkCredits: number;
  accreditationCredits: number;
}

export interface TokenOrderPlan {
  unit: 'credits';
  lines: TokenOrderLine[];
  totalCredits: number;
}

function checkLines(lines: readonly OrderLineInput[]) {
  if (lines.length === 0) throw new DomainError('invalid', 'An order needs at least one verification.');
  const ids = new Set<string>();
  for (const l of lines) {
    if (!l.verificationId) throw new DomainError('invalid', 'Every verification of an order needs its id.');
    if (ids.has(l.verificationId)) throw new DomainError('invalid', `Verification ${l.verificationId} appears twice in the order.`);
    ids.add(l.verificationId);
  }
}

/**
 * Prices an order for a card or invoice payer (2.9, money 9): each line's fee, surcharge and accreditation; the
 * subtotal; VAT at 20 % for VAT payers; then either the current credit is used towards it (no extra credit), or
 * extra credit is bought on top and the current credit is left alone ('Current credit is not used when purchasing
 * extra credit'). The VAT is shared among the lines' checks and accreditations so their charges add up exactly.
 */
export function planMoneyOrder(input: {
  lines: readonly OrderLineInput[];
  vatPayer: boolean;
  hasDiscount: boolean;
  paymentType: string;
  creditAvailableMinor: Minor;
  extraCreditMinor: Minor;
}): MoneyOrderPlan {
  checkLines(input.lines);
  if (!Number.isSafeInteger(input.extraCreditMinor) || input.extraCreditMinor < 0) {
    throw new DomainError('invalid', 'The extra credit cannot be negative.');
  }
  const priced = input.lines.map((l) => {
    const cost = verificationCost(
      { priceMinor: l.priceMinor, surchargeMinor: l.surchargeMinor ?? 0, accreditationMinor: l.accreditationMinor ?? null },
      { paymentType: input.paymentType, hasDiscount: input.hasDiscount },
      { accreditation: l.accreditationMinor !== undefined && l.accreditationMinor !== null },
    );
    if (cost.unit !== 'money') throw new DomainError('invalid', 'This account pays in credits.');
    return { line: l, cost };
  });
  const vatRatePercent = vatRatePercentFor(input.vatPayer);
  const { subtotalMinor, vatMinor, grossMinor } = invoiceTotals(priced.map((p) => p.cost.totalMinor), vatRatePercent, 0);
  // Weights: each check (fee + surcharge), then each accreditation, in line order.
  const checkNets = priced.map((p) => p.cost.feeMinor + p.cost.surchargeMinor);
  const accNets = priced.map((p) => p.cost.accreditationMinor);
  const shares = allocate(vatMinor, [...checkNets, ...accNets]);
  const lines: MoneyOrderLine[] = priced.map(({ line, cost }, i) => ({
    verificationId: line.verificationId,
    candidateName: line.candidateName,
    instituteId: line.instituteId,
    instituteName: line.instituteName,
    feeMinor: cost.feeMinor,
    originalFeeMinor: cost.originalFeeMinor,
    surchargeMinor: cost.surchargeMinor,
    accreditationMinor: cost.accreditationMinor,
    totalMinor: cost.totalMinor,
    checkChargeMinor: checkNets[i] + shares[i],
    accreditationChargeMinor: accNets[i] + shares[priced.length + i],
  }));
  const available = Math.max(0, input.creditAvailableMinor);
  const creditUsedMinor = input.extraCreditMinor > 0 ? 0 : Math.min(available, grossMinor);
  const dueMinor = grossMinor - creditUsedMinor;
  return {
    unit: 'money',
    lines,
    vatRatePercent,
    subtotalMinor,
    vatMinor,
    grossMinor,
    creditUsedMinor,
    dueMinor,
    extraCreditMinor: input.extraCreditMinor,
    chargeMinor: dueMinor + input.extraCreditMinor,
  };
}

/** Prices an order for a token payer: one credit per check and one per chosen accreditation (2.8). */
export function planTokenOrder(input: { lines: readonly OrderLineInput[]; paymentType: string }): TokenOrderPlan {
  checkLines(input.lines);
  const lines = input.lines.map((l) => {
    const cost = verificationCost(
      { priceMinor: l.priceMinor, surchargeMinor: l.surchargeMinor ?? 0, accreditationMinor: l.accreditationMinor ?? null },
      { paymentType: input.paymentType, hasDiscount: false },
      { accreditation: l.accreditationMinor !== undefined && l.accreditationMinor !== null },
    );
    if (cost.unit !== 'credits') throw new DomainError('invalid', 'This account pays in money.');
    return {
      verificationId: l.verificationId,
      candidateName: l.candidateName,
      instituteId: l.instituteId,
      instituteName: l.instituteName,
      checkCredits: cost.checkCredits,
      accreditationCredits: cost.accreditationCredits,
    };
  });
  return { unit: 'credits', lines, totalCredits: lines.reduce((a, l) => a + l.checkCredits + l.accreditationCredits, 0) };
}
