/** The provider's own company block at the head of an invoice or receipt (money 2.14): one text for page and PDF. */
export const INVOICE_PROVIDER = {
  name: 'Credence',
  lines: ['Credence Verification Services Ltd', '1 Verification Way', 'London EC1A 1AA', 'United Kingdom'],
  email: 'accounts@credence.test',
} as const;
