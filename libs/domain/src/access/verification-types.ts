/** The verification types of access.md 3.3. Short codes are what allowedTypes lists and the wizard's flags use. */
export const VERIFICATION_TYPES = [
  { id: 1, name: 'Higher Education', alias: 'UNI', code: 'edu' },
  { id: 3, name: 'Employment History', alias: 'EMPLOYMENT', code: 'emp' },
  { id: 5, name: 'Professional Body', alias: 'PROF_BODY', code: null },
  { id: 7, name: 'Professional License', alias: 'PROF_LIC', code: 'pli' },
  { id: 9, name: 'Professional Certificate', alias: 'PROF_CERT', code: 'pce' },
  { id: 11, name: 'High School', alias: 'HIGH_SCHOOL', code: 'hsc' },
  { id: 13, name: 'Identity Document', alias: 'IDENTITY', code: 'idc' },
  { id: 15, name: 'SELT Validation', alias: 'ENG_LANG', code: 'elc' },
  { id: 17, name: 'Academic Reference', alias: 'ACA_REF', code: 'arf' },
] as const;

export type VerificationType = (typeof VERIFICATION_TYPES)[number];
export type TypeCode = NonNullable<VerificationType['code']>;
export type TypeAlias = VerificationType['alias'];

export const TYPE_CODES: readonly TypeCode[] = VERIFICATION_TYPES.flatMap((t) => (t.code ? [t.code] : []));

export const isTypeCode = (value: string): value is TypeCode => (TYPE_CODES as readonly string[]).includes(value);

export const typeByCode = (code: TypeCode): VerificationType => VERIFICATION_TYPES.find((t) => t.code === code)!;
