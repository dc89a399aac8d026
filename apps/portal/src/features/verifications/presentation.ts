import { allowedTypes, typeByCode, VERIFICATION_TYPES, type AccountFacts } from '@credence/domain';
import type { VerificationRow } from '@/features/verifications/api/verifications';

/** 2.10 Name column: fields.firstname fields.surname. */
export const personName = (f: { firstname: string; surname: string }) => `${f.firstname} ${f.surname}`.trim();

/**
 * Verifications 8: the view's record could not be made into a result (an answer that could not be read). The API's
 * own refusals (not found, forbidden, its failures) are shown in its words instead (8: server errors).
 */
export const BUILD_FAILED = 'Failed to build verification result';

/**
 * 2.10 Institute / Organisation column: employment shows fields.employerName (else the institute name); the rest
 * the instituteNames list, else instituteName.
 */
export function instituteColumn(
  row: Pick<VerificationRow, 'type' | 'fields' | 'instituteName' | 'instituteNames'>,
): string {
  if (row.type === 'EMPLOYMENT') return row.fields.employerName || row.instituteName || '';
  return row.instituteNames.length ? row.instituteNames.join(', ') : (row.instituteName ?? '');
}

/** The accreditation badge (verifications.md 4: PENDING reads 'Accreditation Check Pending'). */
export function accreditationBadge(status: string | null | undefined): string | null {
  switch (status) {
    case 'PENDING':
      return 'Accreditation Check Pending';
    case 'ACCREDITED':
      return 'Accredited';
    case 'NOT_ACCREDITED':
      return 'Not Accredited';
    case 'CANCELLED':
      return 'Accreditation Cancelled';
    default:
      return null;
  }
}

/** A type's name from its alias (UNI) or short code (edu), as verifications.md 3 names them. */
export function typeName(type: string): string {
  return VERIFICATION_TYPES.find((t) => t.alias === type || t.code === type)?.name ?? type;
}

/** The Type filter's choices: the types this account may order (6), by name, sent as short codes. */
export const typeChoices = (facts: AccountFacts) =>
  allowedTypes(facts).map((code) => ({ value: code, label: typeByCode(code).name }));

/** 2.2: the invoice toast after an order was paid. */
export const invoiceToast = (invoiceId: string) => ({
  severity: 'success' as const,
  title: 'Payment Complete',
  message: `Invoice ${invoiceId} has been saved to your invoices history.`,
});
