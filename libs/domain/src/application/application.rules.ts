import type { VerificationResult } from '../verification/verification.types';
import type { ApplicationStatus, ApplicationTemplate, Insight, MemberVerification } from './application.types';

/** Owner template 17 keeps a submitted application on hold until every transcript is verified (verifications.md 4). */
export const TRANSCRIPT_HOLD_TEMPLATE = 17;

/** Documents an applicant may add beyond the requested ones (the verification default of 5, verifications.md 9). */
export const ADDITIONAL_APPLICATION_DOCUMENTS = 5;

/**
 * An application with lockedInstitutes (verifications 2.2) consists of verifications at those institutes: the wizard
 * pre-creates one per institute and offers no other. The API holds submissions and wallet selections to the same.
 */
export const LOCKED_INSTITUTES_ONLY = 'This application only takes verifications at the institutes it names.';

/** Whether a verification at this institute may be part of the application (any, when it locks none). */
export const takesInstitute = (template: Pick<ApplicationTemplate, 'lockedInstitutes'>, instituteId: string | null | undefined) =>
  template.lockedInstitutes.length === 0 || (!!instituteId && template.lockedInstitutes.includes(instituteId));

/** Results that need the applicant: amend and re-submit, retry, pay, or finish a saved draft. */
const NEEDS_APPLICANT: ReadonlySet<VerificationResult> = new Set(['REJECTED', 'NOT_FOUND', 'UNPAID', 'AWAITING_CONSENT']);
/** Results after which nothing more happens to a verification. */
const FINAL: ReadonlySet<VerificationResult> = new Set(['VERIFIED', 'NOT_VERIFIED', 'CANCELLED']);

/**
 * Where a submitted application stands, from its verifications: waiting for the applicant when any needs them,
 * completed when every one has its final result (for template 17 only when every one is verified), else pending.
 * Deleted verifications no longer count; an application left with none waits for the applicant.
 */
export function statusFromVerifications(members: readonly Pick<MemberVerification, 'result'>[], template: Pick<ApplicationTemplate, 'template'>): ApplicationStatus {
  const counted = members.filter((m) => m.result !== 'DELETED');
  if (!counted.length) return 'APPLICANT_ACTION';
  if (counted.some((m) => NEEDS_APPLICANT.has(m.result))) return 'APPLICANT_ACTION';
  if (template.template === TRANSCRIPT_HOLD_TEMPLATE) return counted.every((m) => m.result === 'VERIFIED') ? 'COMPLETED' : 'PENDING';
  return counted.every((m) => FINAL.has(m.result)) ? 'COMPLETED' : 'PENDING';
}

const norm = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const sameName = (a: { firstname?: string | null; surname?: string | null }, b: { firstname?: string | null; surname?: string | null }) =>
  norm(a.firstname) === norm(b.firstname) && norm(a.surname) === norm(b.surname);

/**
 * What the owner learns when an application completes (the Insights of verifications.md 2.13), one entry per
 * finished verification and kind:
 * - NAME: the name checked is the applicant's own name;
 * - DOB: the date of birth agrees with the applicant's other verifications (the one most of them give);
 * - DETAILS: the credential could not be confirmed as submitted (NOT_VERIFIED), always a mismatch;
 * - ID_NAME / ID_DOB: the identity document's name and date of birth agree with the applicant's details;
 * - ID_NO_DATA: the identity provider returned no name or date of birth to compare.
 */
export function applicationInsights(applicant: { firstname: string; lastname: string }, members: readonly MemberVerification[]): Insight[] {
  const done = members.filter((m) => m.result === 'VERIFIED' || m.result === 'NOT_VERIFIED');
  const dobs = new Map<string, number>();
  for (const m of done) if (m.person.dob) dobs.set(m.person.dob, (dobs.get(m.person.dob) ?? 0) + 1);
  const usualDob = [...dobs.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
  const me = { firstname: applicant.firstname, surname: applicant.lastname };
  const out: Insight[] = [];
  for (const m of done) {
    const where = { instituteType: m.type, instituteName: m.instituteName };
    if (m.type === 'IDENTITY') {
      const c = m.confirmed;
      if (!c || (!c.surname && !c.dob)) {
        out.push({ type: 'ID_NO_DATA', isMatch: false, ...where });
        continue;
      }
      out.push({ type: 'ID_NAME', isMatch: sameName(c, me), ...where });
      if (usualDob) out.push({ type: 'ID_DOB', isMatch: c.dob === usualDob, ...where });
      continue;
    }
    out.push({ type: 'NAME', isMatch: sameName(m.person, me), ...where });
    if (usualDob) out.push({ type: 'DOB', isMatch: m.person.dob === usualDob, ...where });
    if (m.result === 'NOT_VERIFIED') out.push({ type: 'DETAILS', isMatch: false, ...where });
  }
  return out;
}

/** Lists tag a completed application 'Insights' when any insight is DETAILS or not a match (verifications.md 2.13). */
export const hasNotableInsight = (insights: readonly Insight[]) => insights.some((i) => i.type === 'DETAILS' || !i.isMatch);
