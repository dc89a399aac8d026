/**
 * What the verifications need of referrals, as a port the referrals module implements (so verifications never
 * import it): may an organisation read a verification because the organisation that requested it registered after
 * its referral (verifications.md 2.14: a referral history row opens /verification/history/{id}). It reads it as an
 * application's owner does: read only, no prices, no actions.
 */
export interface ReferralReaders {
  referrerCanRead(companyId: string, verificationId: string): Promise<boolean>;
}

export const REFERRAL_READERS = Symbol('REFERRAL_READERS');
