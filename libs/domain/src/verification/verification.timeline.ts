import type { VerificationEvent } from './verification.events';
import { resultLabel } from './verification.rules';

/** The audit event of verifications.md 3: what the verification view's Event History shows. */
export type AuditEventType =
  | 'VERIFICATION_SYSTEM_ACTION'
  | 'ADMIN_COMMENT'
  | 'VERIFICATION_USER_ACTION'
  | 'VERIFICATION_INSTITUTE_ACTION';

export interface AuditEvent {
  id: string;
  type: AuditEventType;
  event: string;
  created: string;
}

export interface TimelineMeta {
  eventId: string;
  occurredAt: string;
  /** Username, or system:<process>. */
  actor: string;
  impersonator?: string;
}

const label = (result: string) => resultLabel(result, 'history');

/**
 * One line of the timeline per event, in words a customer understands. Institute lines say 'changed status to
 * Verified / Not Verified / Action Required', which the view colours (2.9). Staff acting for a customer appear as
 * the customer: the staff console has the full stream.
 */
export function timelineEntry(event: VerificationEvent, meta: TimelineMeta): AuditEvent | null {
  const at = { id: meta.eventId, created: meta.occurredAt };
  const user = (text: string): AuditEvent => ({ ...at, type: 'VERIFICATION_USER_ACTION', event: text });
  const system = (text: string): AuditEvent => ({ ...at, type: 'VERIFICATION_SYSTEM_ACTION', event: text });
  const institute = (text: string): AuditEvent => ({ ...at, type: 'VERIFICATION_INSTITUTE_ACTION', event: text });
  const who = meta.actor;
  switch (event.type) {
    case 'VerificationDrafted':
      return user(`Verification request saved by ${who}.`);
    case 'VerificationUpdated':
      return user(`Verification details updated by ${who}.`);
    case 'DocumentAttached':
      return user(`Document '${event.data.document.name}' uploaded by ${who}.`);
    case 'DocumentRemoved':
      return user(`Document '${event.data.name}' removed by ${who}.`);
    case 'VerificationSubmitted':
      return user(`Verification request submitted by ${who}.`);
    case 'VerificationPaid': {
      const p = event.data.payment;
      switch (p.method) {
        case 'CREDITS':
          return system(`Paid with ${p.credits} credit(s).`);
        case 'INVOICE':
          return system(`Added to invoice ${p.invoiceId}.`);
        case 'CARD':
          return system(`Payment received${p.invoiceId ? ` (invoice ${p.invoiceId})` : ''}.`);
        case 'APPLICATION_OWNER':
          return system('Paid by the application owner.');
        case 'FREE':
          return system('No payment needed.');
        default: {
          const never: never = p.method;
          return system(`Paid (${String(never)}).`);
        }
      }
    }
    case 'AutomaticCheckStarted':
      return system(
        event.data.attempt > 1
          ? `Re-submitted for automatic checking against the institute's records (attempt ${event.data.attempt}).`
          : "Checking the request against the institute's records.",
      );
    case 'AutomaticCheckMatched':
      return system('System changed status to Verified: a matching record was found.');
    case 'AutomaticCheckFoundNoMatch':
      return system(
        `System changed status to ${label('NOT_FOUND')}: no matching record was found (${event.data.retriesLeft} free re-check(s) left).`,
      );
    case 'SentForManualCheck': {
      const to = { INSTITUTE: 'the institute', EMPLOYER: 'the employer', REFEREE: 'the referee' }[event.data.contact];
      const why = {
        NO_RECORDS: '',
        EXTRA_DOCUMENTS: ' (additional documents were attached)',
        REQUESTED: ` at the request of ${who}`,
        RESUBMITTED: ` after being amended by ${who}`,
      }[event.data.reason];
      return system(`Sent to ${to} for manual checking${why}.`);
    }
    case 'VerificationResubmitted':
      return user(`Verification re-submitted by ${who}.`);
    case 'VerificationResolved': {
      const d = event.data;
      const by = d.resolvedBy === 'STAFF' ? `${d.approvedByName} (${d.approvedByTitle}) for ${d.resolverName}` : `${d.approvedByName} (${d.approvedByTitle}), ${d.resolverName},`;
      return institute(`${by} changed status to ${label(d.result)}.`);
    }
    case 'VerificationDelayedAtSource':
      return system(`Status changed to ${label('UNABLE')}: awaiting a response from the primary source.`);
    case 'VerificationCancelled':
      return event.data.by === 'STAFF' ? system('Verification cancelled at the users request.') : user(`Verification cancelled by ${who}.`);
    case 'VerificationDeleted':
      return user(`Verification deleted by ${who}.`);
    case 'AccreditationCheckRequested':
      return system('Accreditation Check Pending.');
    case 'AccreditationRecorded': {
      const a = event.data.accreditation;
      const status = { PENDING: 'pending', ACCREDITED: 'accredited', NOT_ACCREDITED: 'not accredited', CANCELLED: 'cancelled', DELETED: 'deleted' }[a.status];
      return system(`Accreditation check completed: ${status}${a.authority ? ` by ${a.authority}` : ''}.`);
    }
    case 'IdentityCaptureRequested':
      return system('Waiting for the individual to complete the identity document and face capture.');
    case 'IdentityCheckStarted':
      return system('Identity capture completed; our identity partner is checking it.');
    case 'IdentityCheckCompleted':
      return system(
        event.data.result === 'VERIFIED'
          ? 'Identity partner changed status to Verified.'
          : `Identity partner changed status to ${label('NOT_FOUND')}: the capture must be repeated.`,
      );
    case 'AdminCommentAdded':
      return { ...at, type: 'ADMIN_COMMENT', event: event.data.comment };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * How the Event History colours an entry (2.9): institute events whose text says 'changed status to Action
 * Required', '... Not Verified' or '... Verified' show as warning, danger (error) or success; everything else is
 * plain. Not Verified is matched before Verified, which its text contains.
 */
export function timelineTone(entry: Pick<AuditEvent, 'type' | 'event'>): 'warning' | 'error' | 'success' | null {
  if (entry.type !== 'VERIFICATION_INSTITUTE_ACTION') return null;
  const text = entry.event.toLowerCase();
  if (text.includes('changed status to action required')) return 'warning';
  if (text.includes('changed status to not verified')) return 'error';
  if (text.includes('changed status to verified')) return 'success';
  return null;
}

/** The texts of the payment lines above (VerificationPaid, every method). */
const PAYMENT_LINE = /^(Paid with \d+ credit\(s\)\.|Added to invoice .*\.|Payment received( \(invoice .*\))?\.|Paid by the application owner\.|No payment needed\.|Paid \(.*\)\.)$/;

/**
 * Whether a line tells how the customer paid (credits, an invoice and its number, a card): the customer's business,
 * left out of the Event History an institute resolving the request reads, as its prices are.
 */
export const isPaymentEntry = (entry: AuditEvent): boolean =>
  entry.type === 'VERIFICATION_SYSTEM_ACTION' && PAYMENT_LINE.test(entry.event);
