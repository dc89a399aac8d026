import { formatMajorAmount } from '@/shared/ui/format/numbers';

/** 2.14: C = Company, I = Institute, else Unknown. */
export const referralTypeName = (type: string | null | undefined) => (type === 'C' ? 'Company' : type === 'I' ? 'Institute' : 'Unknown');

/** 2.14's Pricing: the amount with its currency symbol (£ for GBP), '-' when zero or empty. */
export const referralPricing = (total: number | null | undefined, currency: string | null | undefined) =>
  typeof total === 'number' && Number.isFinite(total) && total !== 0 ? formatMajorAmount(total, currency) : '-';
