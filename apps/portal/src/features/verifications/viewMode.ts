import { ACTIONABLE_RESULTS, hasPermission, isResult } from '@credence/domain';
import type { Step } from '@/shared/ui/steps';

/**
 * What the verification view shows (2.9): an actionable mode for UNPAID / AWAITING_CONSENT ('incomplete'),
 * NOT_FOUND and REJECTED, otherwise the result. A read-only view, or a verification whose permission bitmask
 * grants nothing (access 6.5: any other result is 0; resolvers and application owners get 0), shows the result.
 */
export type ViewMode = 'incomplete' | 'notFound' | 'rejected' | 'result';

export function viewMode(result: string, permissions: number, readOnly = false): ViewMode {
  if (readOnly || permissions === 0 || !isResult(result) || !ACTIONABLE_RESULTS.includes(result))
    return 'result';
  switch (result) {
    case 'UNPAID':
    case 'AWAITING_CONSENT':
      return 'incomplete';
    case 'NOT_FOUND':
      return 'notFound';
    case 'REJECTED':
      return 'rejected';
    default:
      return 'result';
  }
}

/** What the bitmask lets the user change in an actionable mode (access 6.5). */
export function editRights(permissions: number) {
  return {
    fields: hasPermission(permissions, 'UPD_FLD'),
    addDocuments: hasPermission(permissions, 'ADD_DOC'),
    deleteDocuments: hasPermission(permissions, 'DEL_DOC'),
  };
}

/** 2.9: the certificate is for organisation users on Verified, Not Verified or institute-resolved results. */
export const certificateOffered = (result: string, organisation: boolean) =>
  organisation && (result === 'VERIFIED' || result === 'NOT_VERIFIED' || result.startsWith('RESOLVE'));

interface StepContext {
  result: string;
  inApplication: boolean;
  /** How many types the account (or application) may order: 'Start' shows only with more than one. */
  allowedTypeCount: number;
  /** 'Payment Details' shows only for CARD payers. */
  card: boolean;
  /** An identity verification waiting for the individual's capture (2.8) is at 'Verify Identity'. */
  identityCapture?: boolean;
}

/**
 * The step bar of 2.9: Application Details (only in an application), Start (only with more than 1 allowed type),
 * Verification Details, Payment Details (only for CARD), Verify Identity, View Result. Where the verification is:
 * a draft is at its details; an unpaid card order at payment; NOT_FOUND and REJECTED send the user back to the
 * details (warning); a request being checked waits on its result; a final result completes every step.
 */
export function viewSteps({ result, inApplication, allowedTypeCount, card, identityCapture = false }: StepContext): Step[] {
  const labels = [
    ...(inApplication ? ['Application Details'] : []),
    ...(allowedTypeCount > 1 ? ['Start'] : []),
    'Verification Details',
    ...(card ? ['Payment Details'] : []),
    'Verify Identity',
    'View Result',
  ];
  const at = (label: string) => labels.indexOf(label);
  let current: number;
  let state: Step['state'] = 'active';
  if (identityCapture) {
    const at = labels.indexOf('Verify Identity');
    return labels.map((label, i) => ({ label, state: i < at ? 'complete' : i === at ? 'active' : 'upcoming' }));
  }
  switch (result) {
    case 'AWAITING_CONSENT':
      current = at('Verification Details');
      break;
    case 'UNPAID':
      current = card ? at('Payment Details') : at('Verification Details');
      break;
    case 'NOT_FOUND':
    case 'REJECTED':
      current = at('Verification Details');
      state = 'warning';
      break;
    case 'VERIFIED':
    case 'NOT_VERIFIED':
    case 'CANCELLED':
    case 'DELETED':
      return labels.map((label) => ({ label, state: 'complete' }));
    default:
      // PENDING, UNABLE and anything else: submitted, the result is awaited.
      current = at('View Result');
  }
  // Action Required comes after submission, so a card account has paid: going back to the details does not undo
  // the payment (the bar read 'Payment Details' as not started while the timeline said 'Payment received').
  const paid = state === 'warning';
  return labels.map((label, i) => ({
    label,
    state: i < current || (paid && label === 'Payment Details') ? 'complete' : i === current ? state : 'upcoming',
  }));
}
