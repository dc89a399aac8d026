import { priceView, type AccountFacts } from '@credence/domain';

/** How prices appear (money 2.8): money for card and invoice payers, credits for token payers, or not at all. */
export type PriceMode = 'prices' | 'credits' | 'hidden';

export const priceModeOf = (facts: Pick<AccountFacts, 'paymentType' | 'isApplicant' | 'applicantPays'>): PriceMode => priceView(facts);

/** The address individuals are told to write to when their institute is not listed (2.3, 2.4). */
export const SUPPORT_EMAIL = 'support@credence.test';
