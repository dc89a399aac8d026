import { isVerificationEvent, resultChange, VERIFICATION_STREAM_PREFIX, type VerificationEvent } from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';

/**
 * How many verifications each company has in each result: the history's total and the menu counters without
 * counting a large company's rows on every request. Fed by the result changes the events carry.
 */
export interface VerificationCountRow extends Row {
  id: string;
  companyId: string;
  result: string;
  count: number;
}

export const countRowId = (companyId: string, result: string) => `${companyId}|${result}`;

const RESULT_EVENTS: readonly VerificationEvent['type'][] = [
  'VerificationDrafted',
  'VerificationSubmitted',
  'AutomaticCheckStarted',
  'AutomaticCheckMatched',
  'AutomaticCheckFoundNoMatch',
  'SentForManualCheck',
  'VerificationResolved',
  'VerificationDelayedAtSource',
  'VerificationCancelled',
  'VerificationDeleted',
  'IdentityCaptureRequested',
  'IdentityCheckStarted',
  'IdentityCheckCompleted',
];

function change(event: ProjectedEvent) {
  if (!event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) || !isVerificationEvent(event)) return null;
  const c = resultChange(event);
  const companyId = event.metadata.tenantId;
  if (!c || !companyId || c.result === c.previousResult) return null;
  return { companyId, ...c };
}

export const verificationCountsProjection: Projection<VerificationCountRow> = {
  name: 'verification-counts',
  version: 1,
  handles: RESULT_EVENTS,
  rowIds: (event) => {
    const c = change(event);
    if (!c) return [];
    return c.previousResult ? [countRowId(c.companyId, c.previousResult), countRowId(c.companyId, c.result)] : [countRowId(c.companyId, c.result)];
  },
  evolve: (row, event, id) => {
    const c = change(event)!;
    const delta = id === countRowId(c.companyId, c.result) ? 1 : -1;
    const result = id === countRowId(c.companyId, c.result) ? c.result : c.previousResult!;
    return { id, companyId: c.companyId, result, count: Math.max(0, (row?.count ?? 0) + delta) };
  },
};
