import { typeByCode, type TypeCode } from '../access/verification-types';
import type { AllowedTypeBound } from '../application/application.types';

/**
 * The new-verification wizard's rules (verifications.md 2.2, 5, 9): the start screen's cards, the query flags that
 * pre-add verifications, the bounds of each count, the step bar and the initial view, the consent statements and
 * the limits of documents. The portal shows them; they live here once, with their unit tests.
 */

/** Internal views and their step ids (2.2, 9). */
export const WIZARD_VIEW_STEP = { application: 0, start: 10, multi: 15, iselect: 20, edit: 30, order: 40, pay: 50 } as const;
export type WizardView = keyof typeof WIZARD_VIEW_STEP;

/** The start screen's help text per type (2.2). */
export const TYPE_HELP: Readonly<Record<TypeCode, string>> = {
  edu: 'Add one per qualification.',
  hsc: 'Add one per school.',
  emp: 'Add one per institute.',
  pli: 'Add one per license.',
  pce: 'Add one per certification.',
  idc: 'Max one per individual.',
  elc: 'Add one per validation.',
  arf: 'Add one per reference.',
};

/** The Verification Details cards' titles (2.2). */
export const TYPE_CARD_TITLE: Readonly<Record<TypeCode, string>> = {
  edu: 'Education Verification',
  hsc: 'High School Verification',
  emp: 'Employment History Verification',
  pli: 'Professional License Verification',
  pce: 'Professional Certificate Verification',
  idc: 'Identity Document',
  elc: 'SELT Validation',
  arf: 'Academic Reference',
};

/** The order of the cards on the start screen (the type list's order). */
export const START_CARD_ORDER: readonly TypeCode[] = ['edu', 'hsc', 'emp', 'pli', 'pce', 'idc', 'elc', 'arf'];

/**
 * The query flags of /verification/new (2.1), read as the counts they prefill: nedu ... narf, plus the wallet's
 * idce (identity and academic reference alike: read as identity) and elc (SELT). A flag for a type that is not
 * allowed is ignored; a count is clamped to the type's bounds.
 */
export const QUERY_FLAGS: Readonly<Record<string, TypeCode>> = {
  nedu: 'edu',
  nemp: 'emp',
  npli: 'pli',
  npce: 'pce',
  nidc: 'idc',
  nhsc: 'hsc',
  nelc: 'elc',
  narf: 'arf',
  idce: 'idc',
  elc: 'elc',
};

export interface CountBounds {
  min: number;
  max: number;
}

/**
 * Bounds of a type's count (5): from the application's allowed types (default min 0, max 10), otherwise 0-10 with
 * identity max 1. Academic Reference uses the SELT type's bounds.
 */
export function countBounds(code: TypeCode, application?: readonly AllowedTypeBound[] | null): CountBounds {
  if (application) {
    const key = code === 'arf' ? 'elc' : code;
    const entry = application.find((a) => a.key === key);
    return { min: entry?.min ?? 0, max: entry?.max ?? 10 };
  }
  return { min: 0, max: code === 'idc' ? 1 : 10 };
}

/** The start card's line under the count: 'Must be exactly N' when min equals max, else the type's help text. */
export function startCardHelp(code: TypeCode, bounds: CountBounds): string {
  return bounds.min === bounds.max ? `Must be exactly ${bounds.min}` : TYPE_HELP[code];
}

/** The counts the query flags ask for, within the allowed types and their bounds. */
export function countsFromQuery(
  params: { get(name: string): string | null },
  allowed: readonly TypeCode[],
  bounds: (code: TypeCode) => CountBounds = (c) => countBounds(c),
): Partial<Record<TypeCode, number>> {
  const counts: Partial<Record<TypeCode, number>> = {};
  for (const [flag, code] of Object.entries(QUERY_FLAGS)) {
    const raw = params.get(flag);
    if (raw === null || !allowed.includes(code)) continue;
    const n = Number.parseInt(raw, 10);
    if (!Number.isFinite(n) || n <= 0) continue;
    const b = bounds(code);
    counts[code] = Math.max(b.min, Math.min(b.max, (counts[code] ?? 0) + n));
  }
  return counts;
}

/**
 * The view the wizard opens on (2.2) without an application: an institute picked on the coverage page, or a
 * single allowed type, or verifications pre-added by the query flags go straight to the details (multi);
 * otherwise the start screen.
 */
export function initialView(input: { allowed: readonly TypeCode[]; initInstitute: boolean; preAdded: number }): 'start' | 'multi' {
  if (input.initInstitute) return 'multi';
  if (input.allowed.length === 1) return 'multi';
  if (input.preAdded > 0) return 'multi';
  return 'start';
}

export type StepState = 'complete' | 'active' | 'upcoming';

/**
 * The step bar (2.2): Start only when more than one type is allowed, Verification Details, Review & Consent, and
 * Payment Details only when the payment type is CARD.
 */
export function wizardSteps(input: { allowed: readonly TypeCode[]; paymentType: string }): { label: string; step: number }[] {
  return [
    ...(input.allowed.length > 1 ? [{ label: 'Start', step: WIZARD_VIEW_STEP.start }] : []),
    { label: 'Verification Details', step: WIZARD_VIEW_STEP.multi },
    { label: 'Review & Consent', step: WIZARD_VIEW_STEP.order },
    ...(input.paymentType === 'CARD' ? [{ label: 'Payment Details', step: WIZARD_VIEW_STEP.pay }] : []),
  ];
}

/** The consent statements (2.2): the individual's own, or that of someone holding the individuals' consent. */
export function consentStatement(isIndividual: boolean): string {
  return isIndividual
    ? 'I am the individual named above and have provided copies of written consent where requested.'
    : 'I hold the written consent of the individuals named above and have provided copies of these consents where requested.';
}

/** For everyone (2.2): the terms, the privacy notice and personal data outside the EEA. */
export const CONSENT_TERMS =
  'I agree to the terms and conditions and the privacy notice, and acknowledge that details and personal data may be passed to an institution, organisation, partner or agent outside the EEA.';

/** The name help text per type (2.5); null where the spec gives none. */
export function nameHelp(code: TypeCode): string | null {
  switch (code) {
    case 'edu':
      return 'Must be the name used at the time of study, as shown on the diploma/certificate. Please check to ensure the name has not changed since the time of study, for example due to marriage.';
    case 'emp':
      return 'Must be the name used at the time of employment.';
    case 'idc':
      return 'Must be the full name as printed on the identity document.';
    case 'hsc':
    case 'pli':
    case 'pce':
    case 'elc':
    case 'arf':
      return null;
    default: {
      const never: never = code;
      return never;
    }
  }
}

/** The fixed institute a type is built from, when it has no search (2.2, 2.4). */
export function fixedInstituteOf(code: TypeCode): string | null {
  switch (code) {
    case 'idc':
      return 'QC_ID_VER_TRUST_ID';
    case 'arf':
      return 'QC_ARF_VER';
    case 'elc':
      return 'QC_EL_VER';
    case 'edu':
    case 'emp':
    case 'hsc':
    case 'pli':
    case 'pce':
      return null;
    default: {
      const never: never = code;
      return never;
    }
  }
}

/** How an entry of a type chooses its institute (2.2): the institute search, the country selector, or fixed. */
export function instituteChoice(code: TypeCode): 'search' | 'country' | 'fixed' {
  if (code === 'emp' || code === 'hsc') return 'country';
  return fixedInstituteOf(code) ? 'fixed' : 'search';
}

/** The country lists of the selector (2.4): institute summaries named EMPVQCI (employment) and HSVQCI (high school). */
export const COUNTRY_LIST_NAME: Partial<Record<TypeCode, string>> = { emp: 'EMPVQCI', hsc: 'HSVQCI' };

/** The type alias a new entry of a type is submitted with. */
export const aliasOf = (code: TypeCode) => typeByCode(code).alias;

/** Uploads (5, 9): PDF only, at most 5 MB (1000^2 bytes). */
export const MAX_UPLOAD_BYTES = 5 * 1000 * 1000;
/** The add-document label (5): up to 30 characters, spaces blocked. */
export const DOCUMENT_LABEL_MAX = 30;

export const UPLOAD_MESSAGES = {
  tooLarge: (bytes: number) => `File ${(bytes / 1000 / 1000).toFixed(1).replace(/\.0$/, '')}Mb size exceeds limits of 5Mb`,
  compress: 'Please use any of the free online tools to compress your file to less than 5Mb',
  unreadable: 'Could not read file, check supported file types.',
  required: 'This document is required',
  missing: 'Missing! The request is likely to be rejected!',
  timeout: 'Request timed out after 5 minutes.',
  labelPrompt: 'Please enter a short label describing your document.',
  allowance: (n: number) => `Optionally attach up to ${n} additional documents as supporting evidence`,
  mustBePdf: '(Must be pdf file type)',
} as const;

/** Why a file cannot be attached, in the spec's words (8), or null. `head` is the file's first bytes. */
export function uploadProblem(file: { size: number; head: Uint8Array }): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge(file.size);
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (file.head.length < magic.length || magic.some((b, i) => file.head[i] !== b)) return UPLOAD_MESSAGES.unreadable;
  return null;
}

/** The add-document label as typed (5): spaces blocked, at most 30 characters. */
export const cleanDocumentLabel = (raw: string) => raw.replace(/\s+/g, '').slice(0, DOCUMENT_LABEL_MAX);

/** The Save for later toast (2.2). */
export const savedToHistory = (firstname: string, lastname: string) =>
  `Verification for ${firstname} ${lastname} saved to history.`.replace(/\s+/g, ' ');

/** The Payment Complete toast (2.2, money 2.10). */
export const invoiceSaved = (id: string) => `Invoice ${id} has been saved to your invoices history.`;

/** Where the wizard goes after a submit (2.2). */
export function afterSubmitPath(input: { ids: readonly string[]; invoiceId: string | null; nonApplicantIndividual: boolean }): string {
  if (input.nonApplicantIndividual) return '/wallet';
  const invoice = input.invoiceId ? `invoiceId=${encodeURIComponent(input.invoiceId)}` : '';
  if (input.ids.length > 1) return `/verification/history?highlight=${input.ids.map(encodeURIComponent).join(',')}${invoice ? `&${invoice}` : ''}`;
  return `/verification/history/${encodeURIComponent(input.ids[0] ?? '')}${invoice ? `?${invoice}` : ''}`;
}

/** The 'Nothing to pay!' notice (verifications 8, money 4): an order with nothing to pay is submitted without payment. */
export const NOTHING_TO_PAY = 'Nothing to pay!';

/** Delete's help (money 2.9): on the order review's rows and on an incomplete request's view. */
export const DELETE_VERIFICATION_HELP = 'Completely delete this verification request as it is no longer needed.';

/** The sticky warning after a document upload timed out (verifications 8): causes and advice, dismissed by a click. */
export const UPLOAD_TIMEOUT_WARNING = {
  title: 'Document upload timed out.',
  causes: ['The files are too large.', 'There are too many files.', 'The internet connection is slow.'],
  advice: [
    'Make sure each file is under 5 MB.',
    'Upload only the required documents.',
    'Submit your verifications separately.',
    'Avoid using mobile data.',
  ],
} as const;

/** The application flow's words (verifications 2.2, 2.13), used word for word. */
export const APPLICATION_TEXTS = {
  loadingTitle: 'Qualification Verification for your application to the organisation.',
  loadingBody: 'Please complete your application which will be shared along with your verification results to the organisation.',
  intro: (organisation: string) => `Qualification Verification for your application to ${organisation}.`,
  organisationHelp: 'This is the organisation your application will be submitted to.',
  documents: 'Documents and evidence requested by the organisation (Must be pdf file type)',
  addAll:
    'Please be sure to add ALL verifications you would like included in your application, along with the requested documentation, as the application is closed after submission.',
  confirmAll: (organisation: string) => `Have you added all the credential verifications required for your application to ${organisation}?`,
  /** Template 17 (verifications 2.2, 9): the spec asks for the confirmation, not its words; these are ours. */
  confirmTranscripts: 'I confirm that all transcripts from all years are included.',
  submitted: (organisation: string) =>
    `Your application to ${organisation} has been submitted. You will be contacted again after it is reviewed.`,
  openTitle: 'You have open applications awaiting submission.',
  openBody:
    'Please complete your application(s) to the following organisations. You can include existing verifications from your wallet in your application, or submit new ones.',
  applicationTo: (owner: string) => `Application to ${owner}`,
} as const;

/** How long the 'Application Submitted' toast stays (verifications 9). */
export const APPLICATION_SUBMITTED_MS = 30_000;

/** The application the wizard is seeded with (verifications 2.13, 3), as far as its rules need it. */
export interface WizardApplication {
  lockedInstitutes: readonly string[];
  allowedTypes: readonly AllowedTypeBound[] | null;
  applicantPays: boolean;
  owner: { name: string; template: number };
}

/** The application's allowedTypes as the API sends them: a JSON string (or a list) of {key, min, max}; null when none. */
export function parseApplicationTypes(raw: unknown): AllowedTypeBound[] | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(value)) return null;
  const out: AllowedTypeBound[] = [];
  for (const v of value as unknown[]) {
    if (!v || typeof v !== 'object') continue;
    const { key, min, max } = v as { key?: unknown; min?: unknown; max?: unknown };
    if (typeof key !== 'string' || !START_CARD_ORDER.includes(key as TypeCode)) continue;
    out.push({ key: key as TypeCode, min: typeof min === 'number' ? min : 0, max: typeof max === 'number' ? max : 10 });
  }
  return out;
}

/**
 * The types the wizard offers (verifications 6): the application's allowed types override the account's within it
 * (in the start screen's order); Academic Reference comes with SELT's bound. A type whose max is 0 is not offered.
 */
export function applicationAllowed(accountAllowed: readonly TypeCode[], application: Pick<WizardApplication, 'allowedTypes'> | null): TypeCode[] {
  if (!application?.allowedTypes) return START_CARD_ORDER.filter((c) => accountAllowed.includes(c));
  const keys = new Set(application.allowedTypes.filter((b) => b.max > 0).map((b) => b.key));
  return START_CARD_ORDER.filter((c) => keys.has(c) || (c === 'arf' && keys.has('elc')));
}

/**
 * What the wizard starts with inside an application (2.2): one education verification per locked institute;
 * otherwise, with one type allowed, that type (its fixed institute if it has one); otherwise nothing (the start
 * screen follows the Application Details step).
 */
export function applicationSeed(application: Pick<WizardApplication, 'lockedInstitutes'>, allowed: readonly TypeCode[]): { code: TypeCode; instituteId: string | null }[] {
  if (application.lockedInstitutes.length) return application.lockedInstitutes.map((id) => ({ code: 'edu' as const, instituteId: id }));
  if (allowed.length === 1) return [{ code: allowed[0], instituteId: fixedInstituteOf(allowed[0]) }];
  return [];
}

/** Where the wizard goes after the Application Details step: the details when seeded, else the start screen. */
export const viewAfterApplication = (seeded: number, allowed: readonly TypeCode[]): 'start' | 'multi' => (seeded > 0 || allowed.length <= 1 ? 'multi' : 'start');

/** The step bar with an application (2.2): 'Application Details' (0) first. */
export function applicationWizardSteps(input: { allowed: readonly TypeCode[]; paymentType: string; application: boolean }): { label: string; step: number }[] {
  const steps = wizardSteps(input);
  return input.application ? [{ label: 'Application Details', step: WIZARD_VIEW_STEP.application }, ...steps] : steps;
}

/** 'Please be sure to add ALL verifications...' shows while an application is in progress, unless identity is the only type. */
export const showsAddAllWarning = (allowed: readonly TypeCode[]) => !(allowed.length === 1 && allowed[0] === 'idc');

/** Whether an application's submit also asks for the transcripts confirmation (template 17, verifications 2.2). */
export const asksTranscriptConfirmation = (template: number) => template === 17;

/** Entries of an application with locked institutes cannot be added or removed (verifications 6). */
export const entriesLocked = (application: Pick<WizardApplication, 'lockedInstitutes'> | null) => !!application && application.lockedInstitutes.length > 0;

/** An application field as the owner defines it (verifications 3), for its rules. */
export interface ApplicationFieldRule {
  key: string;
  name: string;
  type: string;
  required: boolean;
  values: readonly string[] | null;
}

/**
 * The Application Details' rules (verifications 5): required fields, INTEGER numeric, DATE dd/MM/yyyy, a SELECT or
 * a field restricted to listed values takes one of them. Messages by field key.
 */
export function applicationFieldProblems(fields: readonly ApplicationFieldRule[], values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = (values[f.key] ?? '').trim();
    if (!v) {
      if (f.required) out[f.key] = `The ${f.name} field is required.`;
      continue;
    }
    if (f.type === 'INTEGER' && !/^-?\d+$/.test(v)) out[f.key] = `The ${f.name} field must be a number.`;
    else if (f.type === 'DATE' && !/^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/[12]\d{3}$/.test(v)) out[f.key] = 'Please ensure you use DD/MM/YYYY format.';
    else if (f.values?.length && !f.values.includes(v)) out[f.key] = `The selected ${f.name} is invalid.`;
  }
  return out;
}
