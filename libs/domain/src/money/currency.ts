import { currencySymbol } from '../access/account';
import type { Minor } from './money';

/** The currencies an account can hold (3.): USD, EUR, AUD, otherwise GBP. */
export const CURRENCIES = ['GBP', 'USD', 'EUR', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The account's currency as the spec reads it: USD, EUR or AUD when set so, otherwise GBP. */
export function accountCurrency(raw: string | null | undefined): Currency {
  return raw === 'USD' || raw === 'EUR' || raw === 'AUD' ? raw : 'GBP';
}

/** '£40.50', '-$3.00': the account's symbol and two decimals. */
export function formatMoney(minor: Minor, currency: string | null | undefined): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${currencySymbol(accountCurrency(currency))}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
