import { resultLabel, type ResultList } from './verification.rules';
import { isResult, type VerificationResult } from './verification.types';

/**
 * How a result reads at a glance, beside its label (verifications.md 2.9 timeline: Action Required shows as
 * warning, Not Verified as danger, Verified as success; 2.10 highlights REJECTED and NOT_FOUND rows). Pending and
 * the institute-side 'Please Resolve' are in progress (info); everything else is neutral.
 */
export type ResultTone = 'success' | 'error' | 'warning' | 'info' | 'neutral';

export function resultTone(result: string): ResultTone {
  if (result.startsWith('RESOLVE')) return 'info';
  // Inside an application REJECTED and NOT_FOUND arrive as ACTION_REQUIRED (verifications.md 4).
  if (result === 'ACTION_REQUIRED') return 'warning';
  if (!isResult(result)) return 'neutral';
  switch (result) {
    case 'VERIFIED':
      return 'success';
    case 'NOT_VERIFIED':
      return 'error';
    case 'REJECTED':
    case 'NOT_FOUND':
    case 'UNABLE':
      return 'warning';
    case 'PENDING':
      return 'info';
    case 'UNPAID':
    case 'AWAITING_CONSENT':
    case 'CANCELLED':
    case 'DELETED':
      return 'neutral';
    default: {
      const never: never = result;
      return never;
    }
  }
}

/** Whether a history row is highlighted (2.10: REJECTED and NOT_FOUND rows). */
export const isHighlightedResult = (result: string) => result === 'REJECTED' || result === 'NOT_FOUND';

/** A result as a list shows it: the customer-facing label, its tone, and the internal value kept for titles. */
export interface ResultPresentation {
  result: string;
  label: string;
  tone: ResultTone;
}

export function presentResult(
  result: string,
  list: ResultList = 'history',
  context: { inApplication?: boolean; thirdPartyActionUrl?: string | null } = {},
): ResultPresentation {
  const label = result === 'ACTION_REQUIRED' ? 'Action Required' : resultLabel(result, list, context);
  return { result, label, tone: resultTone(result) };
}

/** A choice of a result filter: the value sent (a result or an alias of verifications.md 4) and its label. */
export interface ResultFilterChoice {
  value: string;
  label: string;
}

/**
 * The Result multi-select of the verification history (2.10), in the spec's order: Incomplete, Action Required,
 * Verified, Not Verified, Pending, Cancelled, Delayed at Source, and Deleted only when showDeleted. Incomplete and
 * Action Required send the aliases INCOMPLETE and ACTION.
 */
export function historyResultChoices(options: { showDeleted: boolean }): ResultFilterChoice[] {
  const choices: ResultFilterChoice[] = [
    { value: 'INCOMPLETE', label: 'Incomplete' },
    { value: 'ACTION', label: 'Action Required' },
    ...(['VERIFIED', 'NOT_VERIFIED', 'PENDING', 'CANCELLED', 'UNABLE'] as const).map((r) => ({
      value: r,
      label: resultLabel(r, 'history'),
    })),
  ];
  return options.showDeleted
    ? [...choices, { value: 'DELETED', label: resultLabel('DELETED', 'history') }]
    : choices;
}

/** The Result multi-select of the resolved list (2.11): Rejected, Verified, Not Verified. */
export const RESOLVED_RESULT_CHOICES: readonly ResultFilterChoice[] = (
  ['REJECTED', 'VERIFIED', 'NOT_VERIFIED'] as const satisfies readonly VerificationResult[]
).map((r) => ({ value: r, label: resultLabel(r, 'resolved') }));

/**
 * The five series of the analytics VERIFICATIONS chart (money-and-insights.md 2.15, 9), in the spec's order, each
 * with the result it counts for its tone: Cancelled, Not Verified, Pending, Action Required, Verified.
 */
export const VERIFICATIONS_CHART_SERIES = [
  { key: 'cancelledCount', label: 'Cancelled', tone: resultTone('CANCELLED') },
  { key: 'notVerifiedCount', label: 'Not Verified', tone: resultTone('NOT_VERIFIED') },
  { key: 'pendingCount', label: 'Pending', tone: resultTone('PENDING') },
  { key: 'actionRequiredCount', label: 'Action Required', tone: resultTone('ACTION_REQUIRED') },
  { key: 'verifiedCount', label: 'Verified', tone: resultTone('VERIFIED') },
] as const;
