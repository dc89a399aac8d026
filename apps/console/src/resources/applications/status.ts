import type { VerificationListItem } from '@credence/api-contract';
import { APPLICATION_STATUSES, type ApplicationStatus, type InsightType } from '@credence/domain';
import type { Tone } from '@/shared/StatusChip';

/** The application record of verifications.md 3 as GET /admin/applications answers it (audience staff). */
export interface ApplicationRecord {
  id: string;
  created: string | null;
  submitted: string | null;
  completed: string | null;
  archived: string | null;
  status: ApplicationStatus;
  owner: { id: string; name: string; template: number; companyId: string };
  applicant: { name: string; username?: string; companyId: string; userId?: string };
  ownerCompanyId: string;
  ownerName: string;
  applicantCompanyId: string;
  applicantName: string;
  customerReference: string | null;
  verificationCount: number;
  verificationIds: string[];
  /** The list rows of its verifications (the history's rows), with the result as the application reads it. */
  verifications: (VerificationListItem & { applicationResult: string })[];
  applicantPays: boolean;
  description: string | null;
  insight: { type: InsightType; isMatch: boolean; instituteType: string; instituteName: string }[];
  insightTag: boolean;
  fields: { key: string; name: string; value: string | number | null }[];
  documents: {
    id: string;
    name: string;
    filename: string;
    size: number;
    required: boolean;
    requirementId: string | null;
  }[];
}

/** verifications.md 4: APPLICANT_ACTION is shown as Pending, with 'Applicant Action Required'. */
export const STATUS: Record<ApplicationStatus, { label: string; tone: Tone; note?: string }> = {
  OPEN: { label: 'Open', tone: 'default' },
  PENDING: { label: 'Pending', tone: 'info' },
  APPLICANT_ACTION: { label: 'Pending', tone: 'warning', note: 'Applicant Action Required' },
  COMPLETED: { label: 'Completed', tone: 'success' },
  ARCHIVED: { label: 'Archived', tone: 'default' },
};

/** The Status filter: the two that read 'Pending' are told apart by the note. */
export const STATUS_CHOICES = APPLICATION_STATUSES.map((id) => ({
  id,
  name: STATUS[id].note ?? STATUS[id].label,
}));

/** The spec names the insight types only by code (verifications.md 3); these are their readings. */
export const INSIGHT_NAMES: Record<InsightType, string> = {
  NAME: 'Name',
  DOB: 'Date of birth',
  DETAILS: 'Details as submitted',
  ID_NAME: 'Name on the identity document',
  ID_DOB: 'Date of birth on the identity document',
  ID_NO_DATA: 'Identity document: no data returned',
};

/** The archive confirmation of verifications.md 2.13: a completed application, or an incomplete one. */
export function archiveConfirmation(status: ApplicationStatus): { title: string; content: string } {
  return status === 'COMPLETED'
    ? {
        title: 'Are you sure you want to archive this application?',
        content: 'This will also notify the applicant you have reviewed their application.',
      }
    : {
        title: 'This application is incomplete, are you sure you want to archive it?',
        content: 'This will notify the applicant you have closed their application.',
      };
}
