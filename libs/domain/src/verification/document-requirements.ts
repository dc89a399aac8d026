import type { DocumentRequirementDef } from './verification.types';

/** The institute field whose value names the award being verified. */
export const QUALIFICATION_FIELD = 'qualification';

/**
 * 2.6: 'A Doctoral Degree Confirmation card, required, appears when the PhD option is chosen.' No institute lists it:
 * it follows from the qualification chosen, so it has a fixed id of its own, which an upload names like any other.
 */
export const DOCTORAL_CONFIRMATION: Readonly<DocumentRequirementDef> = Object.freeze({
  id: 'DOCTORAL_CONFIRMATION',
  name: 'Doctoral Degree Confirmation',
  type: 'DOCTORAL_CONFIRMATION',
  required: true,
});

const DOCTORATE_ABBREVIATIONS: ReadonlySet<string> = new Set(['phd', 'dphil', 'edd', 'dba']);

/**
 * Whether a qualification is a doctorate: PhD, and also DPhil, EdD, DBA and names saying 'Doctor of', 'Doctorate'
 * or 'Doctoral', written with or without dots ('Ph.D.') and in any case (reference-data ids are lower-case slugs).
 * The spec names only 'the PhD option'; we read it as any doctorate, because a user ordering an EdD or DBA check
 * expects the same card as for a PhD, and the catalogue lists those beside PhD. MPhil is a master's degree, not a
 * doctorate.
 */
export function isDoctorate(qualification: unknown): boolean {
  if (typeof qualification !== 'string') return false;
  const words = qualification
    .toLowerCase()
    .replace(/\./g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some(
    (word, i) =>
      DOCTORATE_ABBREVIATIONS.has(word) ||
      word === 'doctorate' ||
      word === 'doctoral' ||
      (word === 'doctor' && words[i + 1] === 'of'),
  );
}

/**
 * The documents a verification at this institute needs for these field values: the institute's own requirements,
 * then the Doctoral Degree Confirmation when the qualification is a doctorate. The API places uploads and checks
 * submissions against this list, and the portal draws its document cards from it, so both read the rule once.
 */
export function documentRequirementsFor(
  institute: { readonly documentRequirements: readonly DocumentRequirementDef[] },
  fields: Readonly<Record<string, unknown>>,
): DocumentRequirementDef[] {
  const own = [...institute.documentRequirements];
  const doctoral =
    isDoctorate(fields[QUALIFICATION_FIELD]) && !own.some((r) => r.id === DOCTORAL_CONFIRMATION.id);
  return doctoral ? [...own, { ...DOCTORAL_CONFIRMATION }] : own;
}
