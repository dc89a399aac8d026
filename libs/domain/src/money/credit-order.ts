/**
 * Order Credits (2.12, 5): Name, Email and Organisation required; Department optional; Number of credits a whole
 * number from 1 to 1000, default 1.
 */
export const CREDIT_ORDER_MIN = 1;
export const CREDIT_ORDER_MAX = 1000;
export const CREDIT_ORDER_DEFAULT = 1;

export interface CreditOrderInput {
  name?: string | null;
  email?: string | null;
  org?: string | null;
  department?: string | null;
  toBuy?: number | string | null;
}

export interface CreditOrder {
  name: string;
  email: string;
  org: string;
  department: string | null;
  toBuy: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');

/** The order as it will be recorded, or the messages of every failed rule. */
export function validateCreditOrder(input: CreditOrderInput): { ok: true; order: CreditOrder } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const name = text(input.name);
  const email = text(input.email).toLowerCase();
  const org = text(input.org);
  const department = text(input.department);
  if (!name) errors.push('Name is required.');
  if (!email) errors.push('Email is required.');
  else if (!EMAIL.test(email)) errors.push('Please enter a valid email address.');
  if (!org) errors.push('Organisation is required.');
  const raw = input.toBuy;
  const toBuy = raw === null || raw === undefined || raw === '' ? CREDIT_ORDER_DEFAULT : Number(raw);
  if (!Number.isInteger(toBuy) || toBuy < CREDIT_ORDER_MIN || toBuy > CREDIT_ORDER_MAX) {
    errors.push(`Number of credits must be a whole number from ${CREDIT_ORDER_MIN} to ${CREDIT_ORDER_MAX}.`);
  }
  if (name.length > 200 || org.length > 200 || department.length > 200 || email.length > 320) {
    errors.push('Please keep each field under 200 characters.');
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, order: { name, email, org, department: department || null, toBuy } };
}
