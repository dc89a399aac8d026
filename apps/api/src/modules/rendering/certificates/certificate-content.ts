import { createHash } from 'node:crypto';
import { CURRENT_STUDENT_GRAD_YEAR, resultLabel, VERIFICATION_TYPES, type VerificationState } from '@credence/domain';

/** Results a certificate is issued for (verifications.md 2.9): VERIFIED, NOT_VERIFIED and the RESOLVE* family. */
export const certificateAvailable = (result: string | null) => result === 'VERIFIED' || result === 'NOT_VERIFIED' || !!result?.startsWith('RESOLVE');

/** Always hidden on the result card (2.9), and the person's own fields, shown in their own rows. */
const HIDDEN_FIELDS = new Set(['employerContactName', 'employerPhone', 'employerEmail', 'firstname', 'middlename', 'surname', 'dob', 'thirdPartyData']);

const FIELD_LABELS: Record<string, string> = {
  firstname: 'First Name',
  middlename: 'Middle Name',
  surname: 'Last Name',
  dob: 'Date of birth',
  dateOfBirth: 'Date of birth',
  qualification: 'Qualification',
  course: 'Course',
  gradYear: 'Graduation Year',
  studentId: 'Student ID',
  employerName: 'Employer',
  employerAddress: 'Employer Address',
  jobTitle: 'Job Title',
  startDate: 'Start Date',
  endDate: 'End Date',
  licenceNumber: 'Licence Number',
  candidateNumber: 'Candidate Number',
};

export const fieldLabel = (key: string) =>
  FIELD_LABELS[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

const typeName = (alias: string) => VERIFICATION_TYPES.find((t) => t.alias === alias)?.name ?? alias;

const shown = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
};

export interface CertificateOptions {
  /** 'Include Institute/Employer provided details?' switched off. */
  ignoreNotes: boolean;
}

/** What a certificate says: the result card of verifications.md 2.9, as plain data. Its digest is the seal. */
export interface CertificateContent {
  qcid: string;
  customerReference: string | null;
  type: string;
  result: string;
  resultLabel: string;
  resolvedByInstitute: boolean;
  institute: { names: string[]; country: string | null; examinationBoard: string | null; accreditationStatus: string | null; accreditationUrl: string | null };
  person: { firstname: string; middlename: string | null; surname: string; dob: string };
  enrolmentStatus: string | null;
  fields: [string, string][];
  subjects: { name: string; mark: string }[];
  notes: string | null;
  approvedBy: { name: string | null; title: string | null } | null;
  asOf: string | null;
  dataFromRecords: [string, string][];
  requestedBy: string;
  /** The verification's event-stream revision the content was read at. */
  revision: string;
}

export function certificateContent(s: VerificationState, revision: bigint, options: CertificateOptions): CertificateContent {
  const result = s.result ?? 'AWAITING_CONSENT';
  const currentStudent = Number(s.fields.gradYear) === CURRENT_STUDENT_GRAD_YEAR;
  const institute = s.institute;
  const isHighSchool = s.type === 'HIGH_SCHOOL';
  const fields = Object.entries(s.fields)
    .filter(([k]) => !HIDDEN_FIELDS.has(k) && !(k === 'gradYear' && currentStudent))
    .flatMap(([k, v]): [string, string][] => {
      const value = shown(v);
      return value === null ? [] : [[fieldLabel(k), value]];
    });
  const thirdParty = Object.entries(s.thirdPartyData ?? {}).flatMap(([k, v]): [string, string][] => {
    const value = shown(v);
    return value === null ? [] : [[fieldLabel(k), value]];
  });
  return {
    qcid: s.id,
    customerReference: s.customerReference,
    type: typeName(s.type),
    result,
    resultLabel: resultLabel(result, 'history'),
    resolvedByInstitute: s.resolvedBy === 'INSTITUTE',
    institute: {
      names: institute ? (institute.names.length ? institute.names : [institute.name]) : [],
      country: institute?.countryName ?? null,
      examinationBoard: isHighSchool && institute?.id.startsWith('QC_HS_VER_SUB') ? institute.name : null,
      accreditationStatus: s.accreditation?.status ?? null,
      accreditationUrl: s.accreditation?.url && /^https?:\/\//.test(s.accreditation.url) ? s.accreditation.url : null,
    },
    person: { firstname: s.person.firstname, middlename: s.person.middlename, surname: s.person.surname, dob: s.person.dob },
    enrolmentStatus: currentStudent ? 'Current student' : null,
    fields,
    subjects: s.subjects.map((x) => ({ name: x.name, mark: x.mark })),
    notes: options.ignoreNotes ? null : s.notes,
    approvedBy: s.approvedByName || s.approvedByTitle ? { name: s.approvedByName, title: s.approvedByTitle } : null,
    asOf: s.approvedDate ?? s.resolvedAt ?? s.updated,
    dataFromRecords: thirdParty,
    requestedBy: s.companyName,
    revision: revision.toString(),
  };
}

/** JSON with keys sorted at every level: the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 of the certificate's content (hex), embedded in the PDF and returned by the public verify API. */
export const contentDigest = (content: CertificateContent) => createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
