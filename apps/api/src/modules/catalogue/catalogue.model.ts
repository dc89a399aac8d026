/**
 * The catalogue's shapes (verifications.md 3): institutes with their dynamic fields, document requirements and
 * notices, as stored and as the seeders and the admin API write them.
 */

export const FIELD_TYPES = ['TEXT', 'INTEGER', 'DATE', 'PASSWORD'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** TRUE: options are offered (free text allowed); ONLY: the value must be one of the options. */
export const REF_DATA_MODES = ['TRUE', 'ONLY'] as const;
export type RefDataMode = (typeof REF_DATA_MODES)[number];

export interface InstituteField {
  key: string;
  name: string;
  description: string | null;
  required: boolean;
  type: FieldType;
  refData: RefDataMode | null;
  /** Inline options for short lists; longer ones are served by GET /institute/{id}/refdata. */
  values: string[] | null;
  /** A default value. */
  value: string | null;
  mask: string | null;
}

export interface DocumentRequirement {
  id: string;
  name: string;
  /** CONSENT_INSTITUTE, CONSENT_QC..., CONSENT..., or another document type (e.g. TRANSCRIPT, CERTIFICATE). */
  type: string;
  required: boolean;
  description: string | null;
  templateDescription: string | null;
  /** URL of a template to download and sign (consent forms). */
  template: string | null;
}

export const NOTICE_TYPES = ['INFO', 'WARNING', 'READONLY_INFO'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export interface Notice {
  type: NoticeType;
  message: string;
}

/** The verification type an institute serves (the type alias of access.md 3.3). */
export const INSTITUTE_TYPES = [
  'UNI',
  'EMPLOYMENT',
  'PROF_LIC',
  'PROF_CERT',
  'HIGH_SCHOOL',
  'IDENTITY',
  'ENG_LANG',
  'ACA_REF',
] as const;
export type InstituteType = (typeof INSTITUTE_TYPES)[number];

/** One institute as stored (prices in pounds). */
export interface InstituteDefinition {
  id: string;
  name: string;
  /** Other names (local-language name, former names, abbreviations); the search covers these and `name`. */
  otherNames: string[];
  countryId: string | null;
  parentId: string | null;
  type: InstituteType;
  minYear: number | null;
  price: number;
  surcharge: number;
  /** Price of the accreditation check; null when the institute does not support it. */
  accreditationPrice: number | null;
  allowsPending: boolean;
  readOnly: boolean;
  allowsCurrentStudent: boolean;
  maxAdditionalDocs: number;
  /** Listed in the institute search; fixed QC_* institutes and examination boards are reached otherwise. */
  searchable: boolean;
  fields: InstituteField[];
  documentRequirements: DocumentRequirement[];
  notices: Notice[];
}

/** Options of a reference-data field (GET /institute/{id}/refdata). */
export interface RefDataOption {
  instituteId: string;
  fieldKey: string;
  id: string;
  name: string;
}

export const field = (f: Partial<InstituteField> & Pick<InstituteField, 'key' | 'name'>): InstituteField => ({
  description: null,
  required: false,
  type: 'TEXT',
  refData: null,
  values: null,
  value: null,
  mask: null,
  ...f,
});
