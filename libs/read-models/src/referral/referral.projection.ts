import { isVerificationEvent, VERIFICATION_STREAM_PREFIX, type DomainEvent } from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';

/**
 * Referrals (verifications.md 2.14, 3): the organisations that registered after a referral, and the verifications
 * they requested since, each with its price, for their referral owner. One table, two kinds of row:
 * `org:<company id>` from the registration (AccountRegistered carrying the referral code) and
 * `ver:<verification id>` from a referred organisation's verifications, which find their organisation as the
 * context row, so only the verifications of referred organisations are kept.
 */
export interface ReferralRow extends Row {
  id: string;
  kind: 'ORGANISATION' | 'VERIFICATION';
  /** The referral owner's code (referral_owners.code) the organisation registered with. */
  referralCode: string;
  companyId: string;
  companyName: string;
  /** C = Company, I = Institute (2.14). */
  organisationType: string;
  verificationId: string | null;
  /** The verification's price as ordered: total with VAT, in the organisation's currency; null until submitted. */
  currency: string | null;
  total: number | null;
  recorded: string;
}

export const REFERRAL_EVENT_TYPES = ['AccountRegistered', 'VerificationDrafted', 'VerificationSubmitted'] as const;

export const referralOrganisationRowId = (companyId: string) => `org:${companyId}`;
export const referralVerificationRowId = (verificationId: string) => `ver:${verificationId}`;

interface Registration {
  companyId: string;
  referralCode: string;
  companyName: string;
  organisationType: string;
}

/** The registration of a referred organisation; null for any other account (no referral code, or an individual). */
export function referredRegistration(event: DomainEvent): Registration | null {
  if (event.type !== 'AccountRegistered') return null;
  const d = event.data as Record<string, unknown>;
  if (typeof d.referralCode !== 'string' || !d.referralCode || typeof d.companyId !== 'string' || d.individual === true) return null;
  return {
    companyId: d.companyId,
    referralCode: d.referralCode,
    companyName: typeof d.companyName === 'string' ? d.companyName : '',
    organisationType: d.organisationType === 'I' ? 'I' : 'C',
  };
}

const verificationIdOf = (event: ProjectedEvent) =>
  event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) ? event.streamName.slice(VERIFICATION_STREAM_PREFIX.length) : null;

export const referralProjection: Projection<ReferralRow> = {
  name: 'referral',
  // 2: rebuilt once, because the runner lost the drafts that shared a batch with their organisation's registration
  // (the registration changed the context row without being read as one); fixed in projection-runner's planBatch.
  version: 2,
  handles: REFERRAL_EVENT_TYPES,
  contextRowId: (event) =>
    isVerificationEvent(event) && event.type === 'VerificationDrafted' ? referralOrganisationRowId(event.data.companyId) : null,
  rowIds: (event, context) => {
    const registration = referredRegistration(event);
    if (registration) return [referralOrganisationRowId(registration.companyId)];
    const verificationId = verificationIdOf(event);
    if (!verificationId || !isVerificationEvent(event)) return [];
    // A verification is followed from its draft only when its organisation was referred.
    if (event.type === 'VerificationDrafted' && context?.kind !== 'ORGANISATION') return [];
    return [referralVerificationRowId(verificationId)];
  },
  evolve: (row, event, id, context) => {
    const registration = referredRegistration(event);
    if (registration) {
      return {
        id,
        kind: 'ORGANISATION',
        ...registration,
        verificationId: null,
        currency: null,
        total: null,
        recorded: row?.recorded ?? event.metadata.occurredAt,
      };
    }
    if (!isVerificationEvent(event)) return row;
    if (event.type === 'VerificationDrafted') {
      if (!context || context.kind !== 'ORGANISATION') return row;
      return {
        id,
        kind: 'VERIFICATION',
        referralCode: context.referralCode,
        companyId: context.companyId,
        companyName: event.data.companyName || context.companyName,
        organisationType: context.organisationType,
        verificationId: event.data.verificationId || id.slice('ver:'.length),
        currency: null,
        total: null,
        recorded: event.metadata.occurredAt,
      };
    }
    if (event.type === 'VerificationSubmitted' && row) return { ...row, currency: event.data.price.currency, total: event.data.price.total };
    return row;
  },
};
