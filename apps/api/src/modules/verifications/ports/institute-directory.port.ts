import { COUNTRY_LIST_NAME, type InstituteDefinition } from '@credence/domain';

/** An institute as the verification flow needs it: the domain's definition plus what pricing reads. */
export interface DirectoryInstitute extends InstituteDefinition {
  /** Our Price, Institute Surcharge (account currency units, e.g. pounds). */
  price: number;
  surcharge: number;
}

const LIST_NAMES: readonly string[] = Object.values(COUNTRY_LIST_NAME);

/**
 * The name an order line (and its invoice line) shows: the country selector's entries are named EMPVQCI / HSVQCI for
 * its lists (2.4), so their other name ('Employment Verification United Kingdom') is the one a customer reads.
 */
export function orderLineName(institute: Pick<DirectoryInstitute, 'name' | 'names'>): string {
  return institute.names.find((n) => !LIST_NAMES.includes(n)) ?? institute.names[0] ?? institute.name;
}

export type RecordMatchOutcome =
  | { outcome: 'MATCH'; data: Record<string, string | number | boolean | null> }
  | { outcome: 'NO_MATCH'; hints: string[] };

/**
 * What the lifecycle asks of the institute catalogue: an institute by id, the options of its reference-data
 * fields, whether its records are held, and a match against them. A narrow port, so the flow does not depend on
 * the catalogue's tables.
 */
export interface InstituteDirectory {
  get(instituteId: string): Promise<DirectoryInstitute | null>;
  /** Options of a reference-data field (names and ids), for the ONLY rule. */
  refDataOptions(instituteId: string, fieldKey: string): Promise<string[]>;
  holdsRecords(instituteId: string): Promise<boolean>;
  findMatch(
    instituteId: string,
    query: { firstName: string; lastName: string; dob: string; fields: Record<string, unknown> },
  ): Promise<RecordMatchOutcome>;
}

export const INSTITUTE_DIRECTORY = Symbol('INSTITUTE_DIRECTORY');
