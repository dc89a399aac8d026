/** The verification record of verifications.md 3, as far as the console reads it. */
export interface VerificationRecord {
  id: string;
  recorded?: string;
  result?: string;
  retriesLeft?: number;
  notes?: string | null;
  customerReference?: string | null;
  username?: string;
  companyId?: string;
  companyName?: string;
  company?: string | { id?: string; name?: string } | null;
  type?: string;
  instituteId?: string | null;
  instituteName?: string | null;
  instituteNames?: string[];
  instituteCountry?: string | null;
  accreditationStatus?: string | null;
  approvedByName?: string | null;
  approvedByTitle?: string | null;
  approvedDate?: string | null;
  fields?: Record<string, unknown>;
  documents?: { id: string; name?: string; filename?: string; type?: string; output?: boolean }[];
  outputDocs?: { id: string; name?: string; filename?: string }[];
  additionalFieldData?: { subjects?: { name: string; mark: string }[] }[];
  [key: string]: unknown;
}

/**
 * The verifications area may answer either the spec's record (person in `fields`) or its flat list row
 * (libs/read-models VerificationListRow: firstname, surname, requestedBy at the top level): read both.
 */
export const person = (v: VerificationRecord) => ({
  firstname: (v.fields?.firstname ?? v.firstname) as string | undefined,
  middlename: (v.fields?.middlename ?? v.middlename) as string | undefined,
  surname: (v.fields?.surname ?? v.surname) as string | undefined,
  dob: (v.fields?.dob ?? v.dob) as string | undefined,
});

export const personName = (v: VerificationRecord) => {
  const p = person(v);
  return [p.firstname, p.middlename, p.surname].filter(Boolean).join(' ');
};

export const requestedBy = (v: VerificationRecord) => (v.username ?? v.requestedBy ?? '') as string;

/** 2.10: employment shows fields.employerName or instituteName; otherwise the instituteNames list or instituteName. */
export function instituteOrOrganisation(v: VerificationRecord): string {
  if (v.type === 'EMPLOYMENT') return String(v.fields?.employerName ?? v.employerName ?? v.instituteName ?? '');
  // The API's instituteNames also carries an institute's other names: its own name reads better in a list.
  return v.instituteName ?? v.instituteNames?.join(', ') ?? '';
}

export const customerName = (v: VerificationRecord) =>
  v.companyName ?? (typeof v.company === 'string' ? v.company : v.company?.name) ?? v.companyId ?? '';
