import { pays, seesPrices, usesTokens, type AccountFacts } from '../access/account';
import { DomainError } from '../shared/domain-error';
import { originalFee } from './discount';
import { toMinor, type Minor } from './money';

/**
 * How prices appear to a caller (2.8, 6): card and invoice payers see money unless they are an applicant who does
 * not pay (inside an application, the application's applicantPays decides); token payers see credits; others
 * see neither.
 */
export type PriceView = 'prices' | 'credits' | 'hidden';

type PriceCaller = Pick<AccountFacts, 'paymentType' | 'isApplicant' | 'applicantPays'>;

export function priceView(caller: PriceCaller | null, application?: { applicantPays: boolean } | null): PriceView {
  if (!caller) return 'hidden';
  const applicantPays = application ? application.applicantPays : caller.applicantPays;
  if (caller.isApplicant && !applicantPays) return 'hidden';
  if (seesPrices({ ...caller, applicantPays })) return 'prices';
  return usesTokens(caller.paymentType) ? 'credits' : 'hidden';
}

/** What an account's ledger counts in: credits for token payers, money for card and invoice payers. */
export type CreditUnit = 'money' | 'credits';

export function creditUnitOf(paymentType: string): CreditUnit | null {
  if (usesTokens(paymentType)) return 'credits';
  if (pays(paymentType)) return 'money';
  return null;
}

/** TOKEN_SINGLE_CREDIT (and every token type): each check costs one credit, and so does a chosen accreditation. */
export const CREDITS_PER_CHECK = 1;

/** An institute's prices in minor units; accreditation null when the institute does not support it. */
export interface InstitutePrices {
  priceMinor: Minor;
  surchargeMinor: Minor;
  accreditationMinor: Minor | null;
}

export type VerificationCost =
  | {
      unit: 'money';
      /** Our Price. */
      feeMinor: Minor;
      /** The old fee shown struck through when the account has a discount, else null. */
      originalFeeMinor: Minor | null;
      surchargeMinor: Minor;
      /** 0 when not chosen. */
      accreditationMinor: Minor;
      /** Fee + surcharge + accreditation, before VAT. */
      totalMinor: Minor;
    }
  | { unit: 'credits'; checkCredits: number; accreditationCredits: number; totalCredits: number };

/**
 * The price of one verification (2.8): institute price + surcharge, plus the accreditation check when chosen; for
 * token payers one credit per check (and one for the accreditation).
 */
export function verificationCost(
  prices: InstitutePrices,
  account: { paymentType: string; hasDiscount: boolean },
  options: { accreditation: boolean },
): VerificationCost {
  for (const [name, v] of Object.entries(prices)) {
    if (v !== null && (!Number.isSafeInteger(v) || v < 0)) throw new DomainError('invalid', `The ${name} is not a valid price.`);
  }
  if (options.accreditation && prices.accreditationMinor === null) {
    throw new DomainError('invalid', 'Accreditation is not supported for this institute.');
  }
  const unit = creditUnitOf(account.paymentType);
  if (unit === null) throw new DomainError('forbidden', 'This account does not order verifications.');
  if (unit === 'credits') {
    const accreditationCredits = options.accreditation ? CREDITS_PER_CHECK : 0;
    return { unit, checkCredits: CREDITS_PER_CHECK, accreditationCredits, totalCredits: CREDITS_PER_CHECK + accreditationCredits };
  }
  const accreditationMinor = options.accreditation ? (prices.accreditationMinor ?? 0) : 0;
  return {
    unit,
    feeMinor: prices.priceMinor,
    originalFeeMinor: account.hasDiscount ? originalFee(prices.priceMinor) : null,
    surchargeMinor: prices.surchargeMinor,
    accreditationMinor,
    totalMinor: prices.priceMinor + prices.surchargeMinor + accreditationMinor,
  };
}

/**
 * An application's pricingScheme (2.8): keyed by region id, institute id or 'default', each a list of prices (in
 * major units) by the verification's position in the application; beyond the end of the list the last entry
 * applies. The institute's own key is the most specific, then its region, then 'default'.
 */
export type PricingScheme = Readonly<Record<string, readonly (number | string)[]>>;

export function schemePrice(
  scheme: PricingScheme | null | undefined,
  target: { instituteId: string | null; regionId: string | null },
  position: number,
): Minor | null {
  if (!scheme) return null;
  if (!Number.isSafeInteger(position) || position < 0) throw new Error(`schemePrice: bad position ${position}`);
  const keys = [target.instituteId, target.regionId, 'default'].filter((k): k is string => !!k);
  for (const key of keys) {
    const list = Object.prototype.hasOwnProperty.call(scheme, key) ? scheme[key] : undefined;
    if (list && list.length > 0) return toMinor(list[Math.min(position, list.length - 1)]);
  }
  return null;
}
