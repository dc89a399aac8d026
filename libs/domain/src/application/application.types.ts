import type { TypeAlias, TypeCode } from '../access/verification-types';
import type { VerificationResult } from '../verification/verification.types';

/** Application statuses of verifications.md 4. */
export const APPLICATION_STATUSES = ['OPEN', 'PENDING', 'APPLICANT_ACTION', 'COMPLETED', 'ARCHIVED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const isApplicationStatus = (v: string): v is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(v);

/** A field the application owner asks for (verifications.md 3: key, name, description, mask, type, refData, values). */
export type ApplicationFieldType = 'TEXT' | 'INTEGER' | 'DATE' | 'SELECT';

export interface ApplicationFieldDef {
  key: string;
  name: string;
  description: string | null;
  mask: string | null;
  type: ApplicationFieldType;
  refData: string | null;
  /** The only values allowed (a select), or null for free input. */
  values: string[] | null;
  required: boolean;
  /** Offered as a custom filter of the organisation's applicant history (GET /application/filters). */
  filter: boolean;
}

/** A document the owner asks the applicant for. */
export interface ApplicationDocumentRequirement {
  id: string;
  name: string;
  required: boolean;
}

/** Bounds per verification type inside the application ({key, min, max} of the spec's allowedTypes; key a type code). */
export interface AllowedTypeBound {
  key: TypeCode;
  min: number;
  max: number;
}

/**
 * What the owner's application template says, copied into the application when it opens: a template changed
 * later does not change applications already made.
 */
export interface ApplicationTemplate {
  ownerId: string;
  ownerCompanyId: string;
  ownerName: string;
  /** The owner's template number (17 keeps an application on hold until every transcript is verified). */
  template: number;
  logo: string | null;
  description: string | null;
  applicantPays: boolean;
  lockedInstitutes: string[];
  /** Region id, institute id or 'default' to prices by verification position (money 2.6). */
  pricingScheme: Record<string, number[]> | null;
  allowedTypes: AllowedTypeBound[] | null;
  fields: ApplicationFieldDef[];
  documentRequirements: ApplicationDocumentRequirement[];
}

export interface Applicant {
  companyId: string;
  userId: string;
  username: string;
  firstname: string;
  lastname: string;
}

/** A document the applicant gave the application (stored in the blob store). */
export interface ApplicationDocument {
  id: string;
  name: string;
  filename: string;
  /** The requirement it satisfies; null for one the applicant added with their own label. */
  requirementId: string | null;
  size: number;
  sha256: string;
  blobKey: string;
}

export type InsightType = 'DOB' | 'NAME' | 'DETAILS' | 'ID_NAME' | 'ID_DOB' | 'ID_NO_DATA';

export interface Insight {
  type: InsightType;
  isMatch: boolean;
  instituteType: string;
  instituteName: string;
}

/** What the application knows of one of its verifications when it takes stock (the reconcile command). */
export interface MemberVerification {
  id: string;
  result: VerificationResult;
  type: TypeAlias;
  instituteName: string;
  person: { firstname: string; surname: string; dob: string };
  /** The identity provider's or institute's data about the person, when the check returned any. */
  confirmed: { firstname?: string | null; surname?: string | null; dob?: string | null } | null;
}

export type ApplicationFieldValue = string | number | null;
