import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ROLE_ADMIN, ROLE_QC_ADMIN, ROLE_USER, type SessionClaims } from '../src/common/auth/principal';
import { TokenService } from '../src/common/auth/token.service';

/**
 * A signed session token for tests that need a caller but are not about signing in. The defaults describe an
 * organisation user paying by card; pass claims to describe anyone else.
 */
export function sessionToken(
  app: INestApplication,
  claims: Partial<Omit<SessionClaims, 'expOffset'>> & { admin?: boolean; staff?: boolean } = {},
): string {
  const { admin, staff, ...rest } = claims;
  const authorities = [{ authority: ROLE_USER }];
  if (admin) authorities.push({ authority: ROLE_ADMIN });
  if (staff) authorities.push({ authority: ROLE_QC_ADMIN });
  return app.get(TokenService).sign({
    sub: 'tester@acme.test',
    uid: randomUUID(),
    cid: 'company-test',
    iid: null,
    sid: randomUUID(),
    imp: null,
    paymentType: 'CARD',
    vatPayer: true,
    tcsVersion: 3,
    interuptMessageAck: '2020-01-01',
    refRequired: false,
    refLabel: null,
    appRefLabel: null,
    hasApplicants: false,
    inviteApplicants: false,
    hasReferrals: false,
    isIndividual: false,
    isApplicant: false,
    applicantPays: false,
    isAvatar: false,
    allowedTypes: 'null',
    ownerLogo: null,
    partnerLogo: null,
    authorities,
    hasCountryAccess: false,
    hasAnalyticsAccess: false,
    hasReportsAccess: false,
    startHome: '/home',
    hasDiscount: false,
    currency: 'GBP',
    sharingDisabled: false,
    accreditationEnabled: false,
    showDeleted: false,
    idCount: 0,
    ...rest,
  }).token;
}
