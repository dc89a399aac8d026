import type { ResultTone } from '../verification/result-labels';
import { isApplicationStatus } from './application.types';

/**
 * An application's status as the lists show it (verifications.md 4): APPLICANT_ACTION is shown as Pending, with
 * 'Applicant Action Required' beside it; the other statuses read as their names. Unknown values are shown raw.
 */
export function applicationStatusLabel(status: string): {
  label: string;
  detail: string | null;
  tone: ResultTone;
} {
  if (!isApplicationStatus(status)) return { label: status, detail: null, tone: 'neutral' };
  switch (status) {
    case 'OPEN':
      return { label: 'Open', detail: null, tone: 'info' };
    case 'PENDING':
      return { label: 'Pending', detail: null, tone: 'info' };
    case 'APPLICANT_ACTION':
      return { label: 'Pending', detail: 'Applicant Action Required', tone: 'warning' };
    case 'COMPLETED':
      return { label: 'Completed', detail: null, tone: 'success' };
    case 'ARCHIVED':
      return { label: 'Archived', detail: null, tone: 'neutral' };
    default: {
      const never: never = status;
      return never;
    }
  }
}
