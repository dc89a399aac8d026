import {
  additionalDocumentsAllowed,
  aliasOf,
  COUNTRY_LIST_NAME,
  CURRENT_STUDENT_GRAD_YEAR,
  documentRequirementsFor,
  hasPermission,
  instituteKind,
  normaliseDate,
  UPLOAD_MESSAGES,
  validateInstituteFields,
  validatePerson,
  VERIFICATION_MESSAGES,
  type DocumentRequirementDef,
  type FieldValue,
  type InstituteDefinition,
  type TypeAlias,
  type TypeCode,
} from '@credence/domain';
import type { InstituteBody, Submission } from '@/features/ordering/api/ordering';
import type { RuleErrors } from '@/shared/forms/rulesResolver';

/** A document card (2.6): a requirement of the institute, or an additional document the user labelled. */
export interface DocValue {
  key: string;
  requirementId: string | null;
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  template: string | null;
  filename: string | null;
  /** The PDF as a data URL, read in the browser; sent with the submission. */
  data: string | null;
  size: number;
  /** The stored document's id once the draft was saved with it (then it is not sent again). */
  serverId: string | null;
}

/** One verification of the wizard: its type, institute, person, institute fields and documents. */
export interface EntryValues {
  key: string;
  code: TypeCode;
  instituteId: string | null;
  /** Set once saved for later: the draft's id (2.2: 'A saved new draft is marked not new'). */
  serverId: string | null;
  /** The institute's fields and document cards were set up from it. */
  prepared: boolean;
  firstname: string;
  middlename: string;
  lastname: string;
  /** dd/MM/yyyy as typed. */
  dob: string;
  customerReference: string;
  fields: Record<string, string>;
  accreditation: boolean;
  currentStudent: boolean;
  subjects: { name: string; mark: string }[];
  documents: DocValue[];
}

export interface WizardValues {
  entries: EntryValues[];
}

export interface Person {
  firstname: string;
  middlename: string;
  lastname: string;
  dob: string;
  customerReference: string;
}

export const EMPTY_PERSON: Person = { firstname: '', middlename: '', lastname: '', dob: '', customerReference: '' };

let sequence = 0;
export const nextKey = (prefix: string) => `${prefix}-${++sequence}`;

export function newEntry(code: TypeCode, person: Person, instituteId: string | null = null): EntryValues {
  return {
    key: nextKey('entry'),
    code,
    instituteId,
    serverId: null,
    prepared: false,
    ...person,
    fields: {},
    accreditation: false,
    currentStudent: false,
    subjects: code === 'hsc' ? [{ name: '', mark: '' }] : [],
    documents: [],
  };
}

/** An empty card for a requirement: the institute's own (with its description and template) or a derived one. */
function cardFor(institute: InstituteBody, r: DocumentRequirementDef): DocValue {
  const own = institute.documentRequirements.find((d) => d.id === r.id);
  return {
    key: nextKey('doc'),
    requirementId: r.id,
    name: r.name,
    type: r.type,
    required: r.required,
    description: own?.description ?? null,
    template: own?.template ?? null,
    filename: null,
    data: null,
    size: 0,
    serverId: null,
  };
}

/**
 * The document cards an institute asks for (2.6), nothing uploaded yet: its requirements for these field values
 * (libs/domain's documentRequirementsFor: a doctorate adds the Doctoral Degree Confirmation).
 */
export function documentCards(institute: InstituteBody, fields: Readonly<Record<string, string>> = {}): DocValue[] {
  return documentRequirementsFor(institute, fields).map((r) => cardFor(institute, r));
}

/**
 * An entry's cards once its field values changed (2.6): a card for each requirement they now add (the Doctoral
 * Degree Confirmation when the qualification becomes a doctorate), placed after the other requirements' cards, and
 * none, its file with it, for a requirement they no longer bring. Null when the cards already fit the values.
 */
export function syncDocumentCards(entry: EntryValues, institute: InstituteBody): DocValue[] | null {
  const wanted = documentRequirementsFor(institute, effectiveFields(entry));
  const kept = entry.documents.filter((d) => d.requirementId === null || wanted.some((r) => r.id === d.requirementId));
  const missing = wanted.filter((r) => !kept.some((d) => d.requirementId === r.id));
  if (kept.length === entry.documents.length && !missing.length) return null;
  const at = kept.findLastIndex((d) => d.requirementId !== null) + 1;
  return [...kept.slice(0, at), ...missing.map((r) => cardFor(institute, r)), ...kept.slice(at)];
}

/** The field values an institute starts with (its defaults), the e-mail prefilled for individuals (2.5). */
export function initialFields(institute: InstituteBody, username: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of institute.fields) out[f.key] = f.value ?? '';
  if (username && 'email' in out && !out.email) out.email = username;
  return out;
}

/** The institute as the domain's rules read it. */
export function definitionOf(i: InstituteBody): InstituteDefinition {
  return {
    id: i.id,
    name: i.names[0]?.name ?? i.name,
    names: i.names.map((n) => n.name),
    countryId: i.region?.id ?? null,
    countryName: i.region?.name ?? null,
    parentId: i.parentId,
    type: i.type as TypeAlias,
    allowsPending: i.allowsPending,
    maxAdditionalDocs: i.maxAdditionalDocs,
    listsDocuments: i.documentRequirements.length > 0,
    minYear: i.minYear,
    readOnly: i.readOnly,
    allowsCurrentStudent: i.allowsCurrentStudent,
    fields: i.fields.map((f) => ({ key: f.key, name: f.name, required: f.required, type: f.type, refData: f.refData, values: f.values })),
    documentRequirements: i.documentRequirements.map((r) => ({ id: r.id, name: r.name, type: r.type, required: r.required })),
    accreditationPrice: i.accreditation,
  };
}

/** Additional documents still allowed on an entry (2.6, 9): the institute's allowance less those attached. */
export function additionalAllowance(institute: InstituteBody | undefined, entry: EntryValues): { allowed: number; left: number } {
  const allowed = additionalDocumentsAllowed(institute ? definitionOf(institute) : null, null);
  const used = entry.documents.filter((d) => d.requirementId === null).length;
  return { allowed, left: Math.max(0, allowed - used) };
}

/** Whether the current/past student switch shows (2.5): a gradYear field, current students allowed, not high school. */
export const showsEnrolmentStatus = (institute: InstituteBody, code: TypeCode) =>
  code !== 'hsc' && institute.allowsCurrentStudent && institute.fields.some((f) => f.key === 'gradYear');

/** Whether the institute's e-mail field is shown with the individual's details (2.5): not for academic references. */
export const showsEmail = (institute: InstituteBody) =>
  instituteKind(institute.id) !== 'academicref' && institute.fields.some((f) => f.key === 'email');

export interface RuleContext {
  institutes: Readonly<Record<string, InstituteBody>>;
  refRequired: boolean;
  refLabel: string;
  inApplication: boolean;
  /** YYYY-MM-DD. */
  today: string;
}

/** The field values an entry's rules and submission see: current students have gradYear -1 (2.5). */
function effectiveFields(entry: EntryValues): Record<string, string> {
  return entry.currentStudent ? { ...entry.fields, gradYear: String(CURRENT_STUDENT_GRAD_YEAR) } : entry.fields;
}

/**
 * Every rule of the details form (verifications 5) on every entry, as messages by path: an institute chosen,
 * the individual's details, the reference when the account requires it, the institute's fields, the required
 * documents.
 */
export function detailsErrors(values: WizardValues, ctx: RuleContext): RuleErrors<WizardValues> {
  const errors: Record<string, string> = {};
  values.entries.forEach((entry, i) => {
    const at = `entries.${i}`;
    const institute = entry.instituteId ? ctx.institutes[entry.instituteId] : undefined;
    if (!entry.instituteId) {
      errors[`${at}.instituteId`] = VERIFICATION_MESSAGES.noInstitute;
      return;
    }
    for (const p of validatePerson({ firstname: entry.firstname, middlename: entry.middlename || null, surname: entry.lastname, dob: entry.dob }, ctx.today)) {
      errors[`${at}.${p.field}`] ??= p.message;
    }
    if (ctx.refRequired && !ctx.inApplication && !entry.customerReference.trim()) {
      errors[`${at}.customerReference`] = VERIFICATION_MESSAGES.required(ctx.refLabel);
    }
    if (!institute) return;
    if (institute.readOnly) errors[`${at}.instituteId`] = VERIFICATION_MESSAGES.readOnly;
    for (const p of validateInstituteFields(definitionOf(institute), effectiveFields(entry))) {
      errors[`${at}.${p.field}`] ??= p.message;
    }
    entry.documents.forEach((d, j) => {
      if (d.required && !d.data) errors[`${at}.documents.${j}.data`] = UPLOAD_MESSAGES.required;
    });
  });
  return errors as RuleErrors<WizardValues>;
}

function fieldValue(type: string, raw: string): FieldValue {
  const text = raw.trim();
  if (!text) return null;
  if (type === 'DATE') return normaliseDate(text) ?? text;
  if (type === 'INTEGER' && /^-?\d+$/.test(text)) return Number(text);
  return text;
}

/** The submission payload of verifications 3 for an entry. */
export function toSubmission(entry: EntryValues, institute: InstituteBody | undefined, consent: boolean, inApplication: boolean): Submission {
  const fields: Record<string, FieldValue> = {
    firstname: entry.firstname.trim(),
    middlename: entry.middlename.trim() || null,
    surname: entry.lastname.trim(),
    dob: normaliseDate(entry.dob) ?? entry.dob.trim(),
  };
  const effective = effectiveFields(entry);
  for (const f of institute?.fields ?? []) fields[f.key] = fieldValue(f.type, effective[f.key] ?? '');
  const subjects = entry.subjects.filter((s) => s.name.trim());
  // A requirement the values no longer bring (a Doctoral Degree Confirmation once the qualification is not a
  // doctorate) is not sent, even if its card was not dropped yet.
  const requirements = institute ? documentRequirementsFor(institute, effective).map((r) => r.id) : null;
  const sent = entry.documents.filter((d) => !requirements || d.requirementId === null || requirements.includes(d.requirementId));
  return {
    instituteId: entry.instituteId ?? '',
    type: aliasOf(entry.code),
    fields,
    documents: sent
      .flatMap((d) =>
        d.data && !d.serverId ? [{ ...(d.requirementId ? { requirementId: d.requirementId } : {}), name: d.name, filename: d.filename ?? `${d.name}.pdf`, data: d.data }] : [],
      ),
    customerReference: inApplication ? null : entry.customerReference.trim() || null,
    accreditation: entry.accreditation && institute?.accreditationSupported ? { instituteId: institute.id } : null,
    additionalFieldData: subjects.length ? [{ subjects }] : [],
    consent,
  };
}

/** The permission bitmask of access 6.5, read for the screen. */
export function permissionsOf(mask: number) {
  return {
    changeInstitute: hasPermission(mask, 'DEL_INS'),
    editFields: hasPermission(mask, 'UPD_FLD'),
    addDocuments: hasPermission(mask, 'ADD_DOC'),
    deleteDocuments: hasPermission(mask, 'DEL_DOC'),
    remove: hasPermission(mask, 'DEL_SEF'),
    saveForLater: hasPermission(mask, 'SAV_LTR'),
  };
}

/** The country selector's list names (EMPVQCI, HSVQCI): codes, not names a user reads. */
const LIST_NAMES: ReadonlySet<string | undefined> = new Set(Object.values(COUNTRY_LIST_NAME));

/**
 * An institute's names to show: its names (or its name) without the country selector's list codes (2.4: a country's
 * employment or high-school entry is named EMPVQCI / HSVQCI for its lists; its other name, 'Employment Verification
 * United Kingdom', is the one to read). Empty when it has no other name.
 */
export function instituteDisplayNames(institute: InstituteBody): string[] {
  const names = institute.names.length ? institute.names.map((x) => x.name) : [institute.name];
  const shown = names.filter((name) => !LIST_NAMES.has(name));
  return shown.length || LIST_NAMES.has(institute.name) ? shown : [institute.name];
}

/** An entry's display name (3): the first institute name, otherwise '{Type} Verification {n}'. */
export function entryTitle(institute: InstituteBody | undefined, typeName: string, n: number): string {
  return (institute && instituteDisplayNames(institute)[0]) ?? `${typeName} Verification ${n}`;
}

/** Whether anything was entered that leaving would lose (2.2's 'Unsaved Verification'). */
export function hasUnsavedData(entries: readonly EntryValues[], dirty: boolean): boolean {
  return entries.some((e) => !e.serverId) && (dirty || entries.some((e) => !!e.instituteId || !!e.firstname || !!e.lastname));
}

/**
 * A consent form requirement (verifications 2.5: 'Institute Consent Form' or type CONSENT_INSTITUTE; a name starting
 * 'Credence Consent Form' or type starting CONSENT_QC): its template is what 'Download & Sign' offers (2.6).
 */
export const isConsentForm = (d: { name: string; type: string }) =>
  d.name === 'Institute Consent Form' || d.type === 'CONSENT_INSTITUTE' || d.name.startsWith('Credence Consent Form') || d.type.startsWith('CONSENT_QC');
