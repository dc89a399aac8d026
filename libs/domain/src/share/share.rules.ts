import { isValidEmail } from '../access/registration';

/** verifications.md 9: the share e-mail takes at most 500 characters. */
export const SHARE_EMAIL_MAX = 500;

export const SHARE_MESSAGES = {
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `The email address must be at most ${SHARE_EMAIL_MAX} characters.`,
  sharingDisabled: 'Sharing is not available for your account.',
  notFound: 'Share not found.',
  selfShare: 'You cannot share with your own email address.',
  expiryPast: 'The expiry date must be in the future.',
  walletIndividualsOnly: 'Only individual accounts have a wallet to share.',
  /** 2.12, the public view's 204. */
  gone: 'This verification or wallet could not be found, or the owner has stopped sharing it with you.',
} as const;

/** The recipient of a private share as it is kept (trimmed, lower case), or the spec's message for what is wrong. */
export function shareEmailProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return SHARE_MESSAGES.emailRequired;
  if (raw.trim().length > SHARE_EMAIL_MAX) return SHARE_MESSAGES.emailTooLong;
  return isValidEmail(raw) ? null : SHARE_MESSAGES.emailInvalid;
}

export const normaliseShareEmail = (raw: string) => raw.trim().toLowerCase();

/** 2.12: 'N character(s) left' under the e-mail input. */
export const charactersLeft = (value: string) => `${Math.max(0, SHARE_EMAIL_MAX - value.length)} character(s) left`;

/** 2.12: only Verified results of a wallet are visible through a wallet share. */
export const visibleThroughWalletShare = (result: string) => result === 'VERIFIED';

/** A share shows something while it exists, is not revoked and has not expired. */
export function shareActive(s: { exists?: boolean; revoked: string | null; expiresAt: string | null }, now: string): boolean {
  if (s.exists === false || s.revoked) return false;
  return !s.expiresAt || Date.parse(s.expiresAt) > Date.parse(now);
}

/** 2.12: 'Only the first public share is shown': the earliest active public share, when there is one. */
export function shownPublicShare<S extends { type: string; created: string; revoked: string | null; expiresAt: string | null }>(shares: readonly S[], now: string): S | null {
  return (
    shares
      .filter((s) => s.type === 'PUBLIC' && shareActive(s, now))
      .sort((a, b) => Date.parse(a.created) - Date.parse(b.created))[0] ?? null
  );
}

/** 2.12: 'Registered as {name}.' or 'Invited, not yet registered.' */
export const privateShareDetails = (registeredName: string | null) => (registeredName ? `Registered as ${registeredName}.` : 'Invited, not yet registered.');
