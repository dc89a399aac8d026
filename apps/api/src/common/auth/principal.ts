import type { AccountFacts } from '@credence/domain';

/**
 * Who is calling, as read from a verified session token. Handlers decide from this, never from request input.
 */
export interface Principal extends AccountFacts {
  userId: string;
  /** The tenant: every read and write of customer data is scoped to it. */
  companyId: string;
  /** The institute an institute account resolves for. */
  instituteId: string | null;
  /** The staff member acting on behalf of this user, during impersonation. */
  impersonator: string | null;
  /** Refresh-token family of this session, for logout. */
  sessionId: string;
}

/** The claims of access.md 3.2 plus the ids the API needs. */
export interface SessionClaims {
  sub: string;
  uid: string;
  cid: string;
  iid: string | null;
  sid: string;
  imp: string | null;
  expOffset: number;
  paymentType: string;
  vatPayer: boolean;
  tcsVersion: number;
  interuptMessageAck: string | null;
  refRequired: boolean;
  refLabel: string | null;
  appRefLabel: string | null;
  hasApplicants: boolean;
  inviteApplicants: boolean;
  hasReferrals: boolean;
  isIndividual: boolean;
  isApplicant: boolean;
  applicantPays: boolean;
  isAvatar: boolean;
  allowedTypes: string;
  ownerLogo: string | null;
  partnerLogo: string | null;
  authorities: { authority: string }[];
  hasCountryAccess: boolean;
  hasAnalyticsAccess: boolean;
  hasReportsAccess: boolean;
  startHome: string;
  hasDiscount: boolean;
  currency: string;
  sharingDisabled: boolean;
  accreditationEnabled: boolean;
  showDeleted: boolean;
  idCount: number;
}

export const ROLE_USER = 'ROLE_USER';
/** A customer's team admin (access.md 6.1). */
export const ROLE_ADMIN = 'ROLE_ADMIN';
/** A staff administrator of the product (qcAdmin). */
export const ROLE_QC_ADMIN = 'ROLE_QC_ADMIN';
