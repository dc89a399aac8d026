import {
  evolveVerification,
  initialVerificationState,
  isVerificationEvent,
  timelineEntry,
  VERIFICATION_EVENT_TYPES,
  VERIFICATION_STREAM_PREFIX,
  type AuditEvent,
  type VerificationEvent,
  type VerificationState,
} from '@credence/domain';
import type { EventMetadata } from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';
import { verificationIdOf } from './verification-list.projection';

/**
 * One row per verification with its whole state (the domain's own evolve, so the view and the command side agree)
 * and its timeline (the audit events of verifications.md 3). Read by id: the view, documents, resolve pages.
 */
export interface VerificationDetailRow extends Row {
  id: string;
  companyId: string;
  requestedBy: string;
  instituteId: string | null;
  instituteParentId: string | null;
  result: string;
  state: VerificationState & Record<string, unknown>;
  timeline: AuditEvent[];
}

export function evolveDetailRow(
  row: VerificationDetailRow | null,
  event: VerificationEvent,
  id: string,
  metadata: Pick<EventMetadata, 'eventId' | 'occurredAt' | 'actor' | 'impersonator'>,
): VerificationDetailRow | null {
  if (!row && event.type !== 'VerificationDrafted') return null;
  const state = evolveVerification(row?.state ?? initialVerificationState(), { ...event, metadata });
  const entry = timelineEntry(event, metadata);
  return {
    id,
    companyId: state.companyId,
    requestedBy: state.requestedBy,
    instituteId: state.institute?.id ?? null,
    instituteParentId: state.institute?.parentId ?? null,
    result: state.result ?? 'AWAITING_CONSENT',
    state: state as VerificationDetailRow['state'],
    timeline: entry ? [...(row?.timeline ?? []), entry] : (row?.timeline ?? []),
  };
}

export const verificationDetailProjection: Projection<VerificationDetailRow> = {
  name: 'verification-detail',
  version: 1,
  handles: VERIFICATION_EVENT_TYPES,
  rowIds: (event: ProjectedEvent) => (event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) ? [verificationIdOf(event.streamName)] : []),
  evolve: (row, event, id) => (isVerificationEvent(event) ? evolveDetailRow(row, event, id, event.metadata) : row),
};
