import type { StaffVerificationRow, VerificationListItem, VerificationView } from '@credence/api-contract';

/** The record of GET /admin/verifications/{id}: the verification record of verifications.md 3, for staff. */
export type VerificationRecord = VerificationView;

/** What the console lists a verification from: a staff list row, an application's member row, or the record. */
export type VerificationLike = StaffVerificationRow | VerificationListItem | VerificationView;

/** The person, always under `fields` (the API presents list rows and records alike). */
export const person = (v: VerificationLike) => ({
  firstname: v.fields.firstname,
  middlename: v.fields.middlename ?? undefined,
  surname: v.fields.surname,
  dob: v.fields.dob,
});

export const personName = (v: VerificationLike) => {
  const p = person(v);
  return [p.firstname, p.middlename, p.surname].filter(Boolean).join(' ');
};

export const requestedBy = (v: VerificationLike) => v.username ?? '';

/** 2.10: employment shows fields.employerName or instituteName; otherwise the institute's own name, else its names. */
export function instituteOrOrganisation(v: VerificationLike): string {
  const employer = v.fields.employerName;
  if (v.type === 'EMPLOYMENT') return String((typeof employer === 'string' ? employer : null) ?? v.instituteName ?? '');
  // The API's instituteNames also carries an institute's other names: its own name reads better in a list.
  return v.instituteName ?? v.instituteNames.join(', ');
}

export const customerName = (v: VerificationLike) => v.company.name || v.company.id;
