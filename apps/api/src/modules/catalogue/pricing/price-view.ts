import { seesPrices, usesTokens, type AccountFacts } from '@credence/domain';

/**
 * How prices appear to a caller (access.md 6.2, money-and-insights.md 2.8): card and invoice payers see money
 * (unless they are an applicant who does not pay), token payers see credits (every check costs 1 credit), and
 * everyone else sees neither.
 */
export type PriceView = 'prices' | 'credits' | 'hidden';

/** TOKEN_SINGLE_CREDIT and the other token types: every check costs one credit. */
export const CREDITS_PER_CHECK = 1;

type Caller = Pick<AccountFacts, 'paymentType' | 'isApplicant' | 'applicantPays'>;

export function priceViewFor(
  caller: Caller | null,
  application?: { applicantPays: boolean } | null,
): PriceView {
  if (!caller) return 'hidden';
  const applicantPays = application ? application.applicantPays : caller.applicantPays;
  if (caller.isApplicant && !applicantPays) return 'hidden';
  if (seesPrices({ ...caller, applicantPays })) return 'prices';
  return usesTokens(caller.paymentType) ? 'credits' : 'hidden';
}

export interface Priced {
  product: { price: number | null };
  surcharge: number | null;
  totalPrice: number | null;
  /** Cost in credits for token payers, otherwise null. */
  credits: number | null;
}

const money = (n: number) => Math.round(n * 100) / 100;

export function pricesFor(view: PriceView, institute: { price: number; surcharge: number }): Priced {
  switch (view) {
    case 'prices':
      return {
        product: { price: money(institute.price) },
        surcharge: money(institute.surcharge),
        totalPrice: money(institute.price + institute.surcharge),
        credits: null,
      };
    case 'credits':
      return { product: { price: null }, surcharge: null, totalPrice: null, credits: CREDITS_PER_CHECK };
    case 'hidden':
      return { product: { price: null }, surcharge: null, totalPrice: null, credits: null };
    default: {
      const never: never = view;
      throw new Error(`unknown price view ${String(never)}`);
    }
  }
}
