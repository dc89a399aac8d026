import { documentRequirementsFor } from './document-requirements';
import type { DocumentRef, FieldValue, InstituteDefinition, Person, Resolution } from './verification.types';

/** One failed rule: the form field it belongs to and the spec's message. */
export interface Problem {
  field: string;
  message: string;
}

export const MINIMUM_AGE_YEARS = 15;
export const YEAR_MINIMUM = 1900;
/** gradYear -1 marks a current student. */
export const CURRENT_STUDENT_GRAD_YEAR = -1;

export const MESSAGES = {
  dobInvalid: 'The date of birth must be a valid date in the format DD/MM/YYYY',
  tooYoung: (field: string) => `The ${field} must be at least ${MINIMUM_AGE_YEARS} years old.`,
  required: (name: string) => `The ${name} field is required.`,
  noInstitute:
    'At least one verification has no institute selected. Please select an institute by clicking the institute name in the table of search results.',
  documentRequired: 'This document is required',
  consent: 'Terms & Consent must be Yes before this verification can be submitted.',
  readOnly: 'Unfortunately Credence cannot process verification requests for this institute.',
  minYear: (institute: string, minYear: number) =>
    `${institute} requires the Year of Graduation / Issue to be set to ${minYear} or later`,
  date: (name: string) => `The ${name} must be a valid date in the format DD/MM/YYYY`,
  integer: (name: string) => `The ${name} must be a whole number.`,
  email: (name: string) => `The ${name} must be a valid email address.`,
  yearMinimum: (name: string) => `The ${name} must be ${YEAR_MINIMUM} or later.`,
  onlyListed: (name: string) => `The ${name} must be one of the listed options.`,
  currentStudent: (institute: string) => `${institute} does not accept requests for current students.`,
} as const;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A calendar date from dd/MM/yyyy (the form) or YYYY-MM-DD (the submission payload), as YYYY-MM-DD; null when
 * it is not a real date.
 */
export function normaliseDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
    if (!match) return null;
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (y < 1000 || m < 1 || m > 12 || d < 1) return null;
  const max = m === 2 && isLeap(y) ? 29 : DAYS[m - 1];
  if (d > max) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The date `years` before an ISO date (29 February falls back to 28 February). */
export function yearsBefore(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const year = y - years;
  const day = m === 2 && d === 29 && !isLeap(year) ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Individual's details (5): names required, dob a real date at least 15 years before today. */
export function validatePerson(person: Person, today: string): Problem[] {
  const problems: Problem[] = [];
  if (!person.firstname?.trim()) problems.push({ field: 'firstname', message: MESSAGES.required('first name') });
  if (!person.surname?.trim()) problems.push({ field: 'lastname', message: MESSAGES.required('last name') });
  if (!person.dob?.trim()) problems.push({ field: 'dob', message: MESSAGES.required('date of birth') });
  else {
    const dob = normaliseDate(person.dob);
    if (!dob) problems.push({ field: 'dob', message: MESSAGES.dobInvalid });
    else if (dob > yearsBefore(today, MINIMUM_AGE_YEARS)) problems.push({ field: 'dob', message: MESSAGES.tooYoung('date of birth') });
  }
  return problems;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isBlank = (v: FieldValue | undefined) => v === null || v === undefined || String(v).trim() === '';

/** Institute fields (5): required when flagged, DATE, INTEGER, e-mail keys, year minimums, ONLY lists. */
export function validateInstituteFields(
  institute: InstituteDefinition,
  fields: Record<string, FieldValue>,
  options: Readonly<Record<string, readonly string[]>> = {},
): Problem[] {
  const problems: Problem[] = [];
  for (const def of institute.fields) {
    const value = fields[def.key];
    const field = `fields.${def.key}`;
    if (isBlank(value)) {
      if (def.required) problems.push({ field, message: MESSAGES.required(def.name) });
      continue;
    }
    const text = String(value).trim();
    if (def.type === 'DATE' && !normaliseDate(text)) {
      problems.push({ field, message: MESSAGES.date(def.name) });
      continue;
    }
    if (def.type === 'INTEGER' && !/^-?\d+$/.test(text)) {
      problems.push({ field, message: MESSAGES.integer(def.name) });
      continue;
    }
    if ((def.key === 'email' || def.key === 'employerEmail') && !EMAIL.test(text)) {
      problems.push({ field, message: MESSAGES.email(def.name) });
      continue;
    }
    if (def.key === 'gradYear' || def.key === 'enrolYear') {
      const year = Number(text);
      if (def.key === 'gradYear' && year === CURRENT_STUDENT_GRAD_YEAR) {
        if (!institute.allowsCurrentStudent) problems.push({ field, message: MESSAGES.currentStudent(institute.name) });
        continue;
      }
      if (year < YEAR_MINIMUM) {
        problems.push({ field, message: MESSAGES.yearMinimum(def.name) });
        continue;
      }
      if (def.key === 'gradYear' && institute.minYear !== null && year < institute.minYear) {
        problems.push({ field, message: MESSAGES.minYear(institute.name, institute.minYear) });
        continue;
      }
    }
    if (def.refData === 'ONLY') {
      const allowed = [...(def.values ?? []), ...(options[def.key] ?? [])].map((v) => v.toLowerCase());
      if (allowed.length && !allowed.includes(text.toLowerCase())) problems.push({ field, message: MESSAGES.onlyListed(def.name) });
    }
  }
  return problems;
}

/**
 * Required documents (5): each mandatory requirement needs an uploaded document. The requirements are those of the
 * institute for these field values (a doctorate also needs the Doctoral Degree Confirmation, 2.6).
 */
export function validateDocuments(
  institute: InstituteDefinition,
  documents: readonly DocumentRef[],
  fields: Readonly<Record<string, FieldValue>>,
): Problem[] {
  return documentRequirementsFor(institute, fields)
    .filter((r) => r.required && !documents.some((d) => d.requirementId === r.id))
    .map((r) => ({ field: `documents.${r.id}`, message: MESSAGES.documentRequired }));
}

export interface SubmissionCheck {
  institute: InstituteDefinition | null;
  person: Person;
  fields: Record<string, FieldValue>;
  documents: readonly DocumentRef[];
  customerReference: string | null;
  consent: boolean;
  refRequired: boolean;
  refLabel: string | null;
  /** Options of reference-data fields with remote lists, by field key. */
  refDataOptions?: Readonly<Record<string, readonly string[]>>;
  /** Today, YYYY-MM-DD (the caller's clock). */
  today: string;
}

/** Every rule of verifications.md 5 a submission must pass; an empty list means it may be submitted. */
export function validateSubmission(c: SubmissionCheck): Problem[] {
  const problems: Problem[] = [];
  if (!c.institute) problems.push({ field: 'institute', message: MESSAGES.noInstitute });
  else if (c.institute.readOnly) problems.push({ field: 'institute', message: MESSAGES.readOnly });
  problems.push(...validatePerson(c.person, c.today));
  if (c.refRequired && !c.customerReference?.trim()) {
    problems.push({ field: 'customerReference', message: MESSAGES.required(c.refLabel ?? 'Your Reference') });
  }
  if (c.institute) {
    problems.push(...validateInstituteFields(c.institute, c.fields, c.refDataOptions));
    problems.push(...validateDocuments(c.institute, c.documents, c.fields));
  }
  if (!c.consent) problems.push({ field: 'consent', message: MESSAGES.consent });
  return problems;
}

/** Save for later validates only the fields scope: what is filled in must be well-formed, nothing is required. */
export function validateDraft(person: Person, today: string): Problem[] {
  if (!person.dob?.trim()) return [];
  return validatePerson({ ...person, firstname: person.firstname || '-', surname: person.surname || '-' }, today);
}

/** Check counts (5): at least one above 0, each within min/max (default 0-10, identity max 1). */
export function validateCheckCounts(
  counts: Readonly<Record<string, number>>,
  bounds: Readonly<Record<string, { min: number; max: number }>> = {},
): Problem[] {
  const problems: Problem[] = [];
  const entries = Object.entries(counts);
  if (!entries.some(([, n]) => n > 0)) problems.push({ field: 'counts', message: 'At least one type of check must be selected' });
  for (const [code, n] of entries) {
    const b = bounds[code] ?? { min: 0, max: code === 'idc' ? 1 : 10 };
    if (n < b.min) problems.push({ field: `counts.${code}`, message: `Must be at least ${b.min}` });
    if (n > b.max) problems.push({ field: `counts.${code}`, message: b.min === b.max ? `Must be exactly ${b.max}` : `Must be at most ${b.max}` });
  }
  return problems;
}

/** The Approved By Process message (verifications.md 2.11, 6: administrators must choose it). */
export const APPROVAL_PROCESS_REQUIRED = 'The Approved By Process field is required';
/** A Reject answer says why (the enquirer is asked to fix what the comment names). */
export const RESOLUTION_COMMENT_REQUIRED = 'A comment is required for this resolution';

/**
 * The Resolution form's rules (verifications.md 2.11, 6): the resolver's name and job title; 'Resolved By Process'
 * for staff administrators; a comment for Reject only. The decision and the portal's form both use it.
 *
 * The spec disagrees with itself on Not Verified: section 6 lists 'A comment is required for this resolution' for
 * REJECTED and NOT_VERIFIED, while 2.11 defines the button as 'Not Verified: details are incorrect and no corrections
 * or comments can be made', i.e. a resolver who has nothing to add. We follow 2.11 (and issue 16: 'a reject needs a
 * comment'): Reject returns the request to the enquirer to fix the issues named in the comments, so it cannot go
 * without one; Not Verified is final and may be given without a comment (a comment, when given, is kept).
 */
export function validateResolution(
  r: Pick<Resolution, 'result' | 'notes' | 'approvedByName' | 'approvedByTitle' | 'approvalProcess'>,
  options: { staff: boolean },
): Problem[] {
  const problems: Problem[] = [];
  if (!r.approvedByName?.trim()) problems.push({ field: 'approvedByName', message: MESSAGES.required('name') });
  if (!r.approvedByTitle?.trim()) problems.push({ field: 'approvedByTitle', message: MESSAGES.required('job title / department') });
  if (options.staff && !r.approvalProcess?.trim()) problems.push({ field: 'abp', message: APPROVAL_PROCESS_REQUIRED });
  if (r.result === 'REJECTED' && !r.notes?.trim()) {
    problems.push({ field: 'notes', message: RESOLUTION_COMMENT_REQUIRED });
  }
  return problems;
}
