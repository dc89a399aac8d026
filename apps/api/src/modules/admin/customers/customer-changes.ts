import { coupleAccessFlags } from '@credence/domain';
import type { CompanyRow } from '../../identity';
import type { CustomerUpdateDto } from './customer-update.dto';

export { CURRENCIES, PAYMENT_TYPE } from './customer-update.dto';

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
 * What a PUT /admin/customers/{id} changes (its body validated by CustomerUpdateDto): only fields whose value
 * differs from the stored one, so a record sent back whole records only the toggle that moved. Turning Reports on also turns Analytics on (access.md 4.7).
 */
export function customerChanges(current: CompanyRow, input: CustomerUpdateDto): CustomerChange {
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
  // The impersonation toggles' rules, shared with the portal: Reports on brings Analytics on; Analytics off takes
  // Reports off (coupleAccessFlags says why).
  const flags = pickFlags(current);
  const wantedFlags: Partial<typeof flags> = {};
  for (const flag of Object.keys(flags) as (keyof typeof flags)[]) if (changes[flag] !== undefined) wantedFlags[flag] = changes[flag];
  const coupled = coupleAccessFlags(flags, wantedFlags);
  for (const flag of Object.keys(flags) as (keyof typeof flags)[]) {
    if (coupled[flag] === flags[flag]) {
      delete changes[flag];
      delete diff[flag];
    } else {
      changes[flag] = coupled[flag];
      diff[flag] = { from: flags[flag], to: coupled[flag] };
    }
  }
  return { changes, diff };
}

const pickFlags = (c: CompanyRow) => ({
  hasCountryAccess: c.hasCountryAccess,
  hasAnalyticsAccess: c.hasAnalyticsAccess,
  hasReportsAccess: c.hasReportsAccess,
});
