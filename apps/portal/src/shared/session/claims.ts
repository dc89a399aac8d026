import type { AccessClaims } from '@credence/domain';

/** The session token's claims (spec 3.2). Every claim is optional: older tokens and other issuers may omit any. */
export interface SessionClaims extends AccessClaims {
  sub?: string;
  exp?: number;
  expOffset?: number;
  paymentType?: string;
  vatPayer?: boolean;
  tcsVersion?: number;
  /** The date the welcome message was acknowledged (YYYY-MM-DD), or null. */
  interuptMessageAck?: string | number | null;
  refRequired?: boolean;
  refLabel?: string | null;
  appRefLabel?: string | null;
  hasApplicants?: boolean;
  inviteApplicants?: boolean;
  hasReferrals?: boolean;
  isIndividual?: boolean;
  isApplicant?: boolean;
  applicantPays?: boolean;
  isAvatar?: boolean;
  /** A list of type short codes, or that list as a JSON string ('null' when the account has no list). */
  allowedTypes?: readonly string[] | string | null;
  ownerLogo?: string | null;
  partnerLogo?: string | null;
  authorities?: { authority: string }[];
  /** The staff username impersonating this user, or null. */
  imp?: string | null;
  uid?: string;
  cid?: string;
  hasCountryAccess?: boolean;
  hasAnalyticsAccess?: boolean;
  hasReportsAccess?: boolean;
  startHome?: string;
  hasDiscount?: boolean;
  currency?: string;
  sharingDisabled?: boolean;
  accreditationEnabled?: boolean;
  showDeleted?: boolean;
  idCount?: number;
}

export class UnreadableTokenError extends Error {
  constructor() {
    super('Authentication failed, could not read API token. Please contact Credence support.');
    this.name = 'UnreadableTokenError';
  }
}

/** Reads a JWT's payload without verifying it: the API verifies; the client only needs the claims for display. */
export function decodeClaims(token: string): SessionClaims {
  const payload = token.split('.')[1];
  if (!payload) throw new UnreadableTokenError();
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
      throw new UnreadableTokenError();
    return claims as SessionClaims;
  } catch {
    throw new UnreadableTokenError();
  }
}
