import {
  DomainError,
  FIXED_INSTITUTE_OF_TYPE,
  isTypeCode,
  normaliseDate,
  VERIFICATION_TYPES,
  type DraftInput,
  type FieldValue,
  type InstituteDefinition,
  type InstituteRef,
  type TypeAlias,
} from '@credence/domain';
import { createHash, randomBytes } from 'node:crypto';
import type { SubmissionDto } from '../dto/submission.dto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A QCID: 'QC' and ten Crockford base-32 characters (50 bits), the id of the stream and of the request. Random; or,
 * for the n-th verification of a request with an Idempotency-Key (`seed`: its correlation id), derived from it, so
 * a retry of an attempt that died after paying names the same verifications and so finds the same order paid.
 */
export function newVerificationId(seed?: { correlationId: string; n: number }): string {
  const bytes = seed ? createHash('sha256').update(`verification/${seed.correlationId}/${seed.n}`).digest().subarray(0, 10) : randomBytes(10);
  return `QC${[...bytes].map((b) => CROCKFORD[b % 32]).join('')}`;
}

/** Form types and short codes the portal may send as `type`, to the type alias. */
const FORM_TYPES: Record<string, TypeAlias> = {
  education: 'UNI',
  employment: 'EMPLOYMENT',
  proflic: 'PROF_LIC',
  profcert: 'PROF_CERT',
  highschl: 'HIGH_SCHOOL',
  highschool: 'HIGH_SCHOOL',
  id: 'IDENTITY',
  idcheck: 'IDENTITY',
  englishlang: 'ENG_LANG',
  academicref: 'ACA_REF',
};

export function typeAliasOf(raw: string | undefined | null): TypeAlias | null {
  if (!raw) return null;
  const byAlias = VERIFICATION_TYPES.find((t) => t.alias === raw.toUpperCase());
  if (byAlias) return byAlias.alias;
  if (isTypeCode(raw)) return VERIFICATION_TYPES.find((t) => t.code === raw)!.alias;
  const form = FORM_TYPES[raw.toLowerCase()];
  if (form) return form;
  throw new DomainError('invalid', `Unknown verification type '${raw}'.`);
}

/** The institute a submission names, or the fixed one its type is built from (employment, identity, ...). */
export const instituteIdOf = (dto: SubmissionDto, alias: TypeAlias | null): string | null =>
  dto.instituteId?.trim() || (alias ? (FIXED_INSTITUTE_OF_TYPE[alias] ?? null) : null);

export const refOf = (i: InstituteDefinition): InstituteRef => ({
  id: i.id,
  name: i.name,
  names: i.names,
  countryId: i.countryId,
  countryName: i.countryName,
  parentId: i.parentId,
  type: i.type,
  allowsPending: i.allowsPending,
  maxAdditionalDocs: i.maxAdditionalDocs,
  listsDocuments: i.listsDocuments,
});

const NAME_KEYS = new Set(['firstname', 'middlename', 'surname', 'lastname', 'dob', 'thirdPartyData']);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** Institute field values as forms send them, typed by the institute's definition (INTEGER numbers, DATE ISO). */
function fieldValues(raw: Record<string, unknown>, institute: InstituteDefinition | null): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (NAME_KEYS.has(key) || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key)) continue;
    if (value === null || value === undefined || value === '') {
      out[key] = null;
      continue;
    }
    if (typeof value !== 'string' && typeof value !== 'number') throw new DomainError('invalid', `The field '${key}' must be text or a number.`);
    const def = institute?.fields.find((f) => f.key === key);
    const s = String(value).trim().slice(0, 1000);
    if (def?.type === 'INTEGER' && /^-?\d+$/.test(s)) out[key] = Number(s);
    else if (def?.type === 'DATE') out[key] = normaliseDate(s) ?? s;
    else out[key] = typeof value === 'number' ? value : s;
  }
  return out;
}

/** A whole draft from a submission. */
export function draftFrom(dto: SubmissionDto, institute: InstituteDefinition | null): DraftInput {
  const f = dto.fields ?? {};
  return {
    person: {
      firstname: text(f.firstname),
      middlename: text(f.middlename) || null,
      surname: text(f.surname ?? f.lastname),
      dob: text(f.dob),
    },
    fields: fieldValues(f, institute),
    customerReference: dto.customerReference?.trim() || null,
    applicationId: dto.applicationId?.trim() || null,
    accreditationRequested: !!dto.accreditation,
    subjects: (dto.additionalFieldData?.[0]?.subjects ?? []).map((s) => ({ name: s.name.trim(), mark: s.mark?.trim() ?? '' })),
    supplierId: dto.supplierId?.trim() || null,
  };
}

/** Only what a submission sends: the changes of an update or a re-submission. */
export function changesFrom(
  dto: SubmissionDto,
  institute: InstituteDefinition | null,
  current: Pick<DraftInput, 'person' | 'fields'>,
): Partial<DraftInput> {
  const changes: Partial<DraftInput> = {};
  const whole = draftFrom(dto, institute);
  const f = dto.fields;
  if (f && ['firstname', 'middlename', 'surname', 'lastname', 'dob'].some((k) => k in f)) {
    const has = (k: string) => k in f;
    changes.person = {
      firstname: has('firstname') ? whole.person.firstname : current.person.firstname,
      middlename: has('middlename') ? whole.person.middlename : current.person.middlename,
      surname: has('surname') || has('lastname') ? whole.person.surname : current.person.surname,
      dob: has('dob') ? whole.person.dob : current.person.dob,
    };
  }
  if (f && Object.keys(f).some((k) => !NAME_KEYS.has(k))) changes.fields = { ...current.fields, ...whole.fields };
  if (dto.customerReference !== undefined) changes.customerReference = whole.customerReference;
  if (dto.applicationId !== undefined) changes.applicationId = whole.applicationId;
  if (dto.accreditation !== undefined) changes.accreditationRequested = whole.accreditationRequested;
  if (dto.additionalFieldData !== undefined) changes.subjects = whole.subjects;
  if (dto.supplierId !== undefined) changes.supplierId = whole.supplierId;
  return changes;
}
