import { api, type CallOptions } from '@/shared/api/client';
import type { Company } from '@/features/company/api/company';

/** Spec 3.4: the signed-in user's own account. */
export interface Account {
  firstname: string;
  lastname: string;
  username: string;
  phone?: string | null;
  marketing?: boolean;
  notifications?: boolean;
  title?: string | null;
  tcsVersion?: number;
  interuptMessageAck?: string | number | null;
  institute?: { id: number | string; name: string } | null;
  company?: Company | null;
  customRolesLabel?: string | null;
  assignableCustomRoles?: string[] | null;
}

/**
 * GET /account, quietly: the shell and the account screen share one cached answer, and a failure leaves the shell's
 * modals out while the account screen says so in its own words (with Try again).
 */
export function getAccount(options: CallOptions = {}): Promise<Account> {
  return api.get<Account>('/account', undefined, { ...options, silent: true });
}

export interface AccountUpdate {
  username: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  marketing: boolean;
  notifications: boolean;
}

/** PUT /account for the user's own details (spec 7.3). */
export function updateAccount(update: AccountUpdate): Promise<void> {
  return api.put<void>('/account', update);
}

/**
 * PUT /account from the terms and welcome modals: the full account with the new terms version and marketing
 * choice, interuptMessageAck sent as 1, company and institute null (spec 7.3, 4.5). Failures show no message.
 */
export function acknowledgeAccount(account: Account, changes: Partial<Account>): Promise<void> {
  return api.put<void>(
    '/account',
    { ...account, ...changes, interuptMessageAck: 1, company: null, institute: null },
    undefined,
    { silent: true },
  );
}

export interface AccessFlagsUpdate {
  hasCountryAccess?: boolean;
  hasAnalyticsAccess?: boolean;
  hasReportsAccess?: boolean;
}

/** PUT /account/access: a staff administrator, while impersonating, switches the customer's access (spec 4.7). */
export function updateAccessFlags(update: AccessFlagsUpdate): Promise<void> {
  return api.put<void>('/account/access', update);
}
