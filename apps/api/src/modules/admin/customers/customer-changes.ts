import { flipAccessFlag, isTypeCode, TYPE_CODES } from '@credence/domain';
import { z } from 'zod';
import type { CompanyRow } from '../../identity';
import { parseBody } from '../shared/parse-body';

/**
 * Payment types of access.md 3.1: NONE, CARD, INVOICE, INSTITUTE, values ending _PARENT, and token types (values
 * beginning INSTITUTE or TOKEN).
 */
export const PAYMENT_TYPE = /^(NONE|CARD|INVOICE|INSTITUTE|TOKEN|(INSTITUTE|TOKEN)_[A-Z0-9_]+|[A-Z][A-Z0-9_]*_PARENT)$/;
/** The ones the console offers in its select; the API accepts any value of the pattern above. */
export const KNOWN_PAYMENT_TYPES = ['NONE', 'CARD', 'INVOICE', 'INSTITUTE', 'INSTITUTE_PARENT', 'TOKEN_SINGLE_CREDIT'];
/** access.md 3.1: USD, EUR, AUD, otherwise GBP. */
export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD'] as const;

/** The access flags of access.md 3.1/3.2, as the admin API names them (the CompanyRow names). */
export const CUSTOMER_FLAGS = [
  'hasCountryAccess',
  'hasAnalyticsAccess',
  'hasReportsAccess',
  'hasApplicants',
  'inviteApplicants',
  'hasReferrals',
  'sharingDisabled',
  'accreditationEnabled',
  'showDeleted',
  'hasDiscount',
  'refRequired',
] as const;
export type CustomerFlag = (typeof CUSTOMER_FLAGS)[number];

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

const flagShape = Object.fromEntries(CUSTOMER_FLAGS.map((f) => [f, z.boolean({ error: `${f} must be true or false` })])) as Record<
  CustomerFlag,
  z.ZodBoolean
>;

export const customerUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Organisation name is required').max(200),
    paymentType: z.string().regex(PAYMENT_TYPE, 'paymentType must be NONE, CARD, INVOICE, INSTITUTE, a *_PARENT or a TOKEN* type'),
    currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(', ')}` }),
    vatPayer: z.boolean(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code')
      .nullable(),
    refLabel: optionalText(100),
    appRefLabel: optionalText(100),
    allowedTypes: z
      .array(z.string())
      .nullable()
      .refine((types) => !types || types.every(isTypeCode), {
        error: `allowedTypes may hold only ${TYPE_CODES.join(', ')}`,
      }),
    instituteId: optionalText(100),
    ...flagShape,
  })
  .partial();

export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** The company columns a staff update may change, keyed as in CompanyRow. */
type Changeable = Pick<
  CompanyRow,
  'name' | 'paymentType' | 'currency' | 'vatPayer' | 'countryId' | 'refLabel' | 'appRefLabel' | 'allowedTypes' | 'instituteId' | CustomerFlag
>;

export interface CustomerChange {
  /** Columns to write. */
  changes: Partial<Changeable>;
  /** The same, as {from, to} per field, for the audit event. */
  diff: Record<string, { from: unknown; to: unknown }>;
}

/**
 * What a PUT /admin/customers/{id} changes: only fields whose value differs from the stored one, so a record
 * sent back whole records only the toggle that moved. Turning Reports on also turns Analytics on (access.md 4.7).
 */
export function customerChanges(current: CompanyRow, body: unknown): CustomerChange {
  const input = parseBody(customerUpdateSchema, body);
  const wanted: Partial<Changeable> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const column = key === 'country' ? 'countryId' : key;
    (wanted as Record<string, unknown>)[column] = key === 'allowedTypes' && Array.isArray(value) ? [...new Set(value)] : value;
  }
  const changes: Partial<Changeable> = {};
  const diff: CustomerChange['diff'] = {};
  for (const [column, value] of Object.entries(wanted)) {
    const before = (current as unknown as Record<string, unknown>)[column];
    if (JSON.stringify(before ?? null) === JSON.stringify(value ?? null)) continue;
    (changes as Record<string, unknown>)[column] = value;
    diff[column === 'countryId' ? 'country' : column] = { from: before ?? null, to: value ?? null };
  }
  if (changes.hasReportsAccess === true) {
    // The impersonation toggle's rule, shared with the portal: Reports on brings Analytics on.
    const flipped = flipAccessFlag(pickFlags(current), 'hasReportsAccess');
    if (flipped.hasAnalyticsAccess && changes.hasAnalyticsAccess === undefined && !current.hasAnalyticsAccess) {
      changes.hasAnalyticsAccess = true;
      diff.hasAnalyticsAccess = { from: false, to: true };
    }
  }
  return { changes, diff };
}

const pickFlags = (c: CompanyRow) => ({
  hasCountryAccess: c.hasCountryAccess,
  hasAnalyticsAccess: c.hasAnalyticsAccess,
  hasReportsAccess: c.hasReportsAccess,
});
