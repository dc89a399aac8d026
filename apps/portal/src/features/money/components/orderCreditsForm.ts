import { CREDIT_ORDER_DEFAULT, validateCreditOrder } from '@credence/domain';
import type { CreditOrderRequest } from '@/features/money/api/money';

export interface OrderCreditsValues {
  name: string;
  email: string;
  org: string;
  department: string;
  toBuy: string;
}

export const orderCreditsDefaults = (email: string): OrderCreditsValues => ({
  name: '',
  email,
  org: '',
  department: '',
  toBuy: String(CREDIT_ORDER_DEFAULT),
});

/** Which field a message of the domain's rule (money 5) belongs to, by the words it starts with. */
const FIELD_OF: [RegExp, keyof OrderCreditsValues][] = [
  [/^Name\b/, 'name'],
  [/^Email\b|email address/, 'email'],
  [/^Organisation\b/, 'org'],
  [/^Number of credits\b/, 'toBuy'],
];

/**
 * Order Credits' rules (money 5): Name, Email and Organisation required, Department optional, Number of credits a
 * whole number from 1 to 1000. The rule is libs/domain's validateCreditOrder, with its messages put on their fields.
 */
export function orderCreditsFormErrors(v: OrderCreditsValues): Partial<Record<keyof OrderCreditsValues, string>> {
  // An empty number is not the default here: the field shows what will be ordered, so it must hold a number.
  const result = validateCreditOrder({ ...v, toBuy: v.toBuy.trim() === '' ? 'none' : v.toBuy });
  if (result.ok) return {};
  const errors: Partial<Record<keyof OrderCreditsValues, string>> = {};
  for (const message of result.errors) {
    const field = FIELD_OF.find(([pattern]) => pattern.test(message))?.[1] ?? 'department';
    errors[field] ??= message;
  }
  return errors;
}

export function toCreditOrder(v: OrderCreditsValues): CreditOrderRequest {
  return {
    name: v.name.trim(),
    email: v.email.trim().toLowerCase(),
    org: v.org.trim(),
    department: v.department.trim() || null,
    toBuy: Number(v.toBuy),
  };
}
