import { allowedTypes as allowedTypesFor, ROLE_AUDITOR, staffRole, startRoute, type TypeCode } from '@credence/domain';
import { ROLE_ADMIN, ROLE_QC_ADMIN, ROLE_USER, type SessionClaims } from '../../../common/auth/principal';
import type { CompanyRow, UserRow } from '../persistence/accounts.repository';

/** The session token's claims (access.md 3.2) from the account as stored. */
export function buildClaims(
  user: UserRow,
  company: CompanyRow,
  session: { sessionId: string; impersonator: string | null; staffDomain: string },
): Omit<SessionClaims, 'expOffset'> {
  const role = staffRole(user, session.staffDomain);
  // Auditors are staff without ROLE_QC_ADMIN: every staff action refuses them; the audit routes take ROLE_AUDITOR.
  const qcAdmin = role === 'administrator';
  const authorities = [{ authority: ROLE_USER }];
  if (user.admin) authorities.push({ authority: ROLE_ADMIN });
  if (qcAdmin) authorities.push({ authority: ROLE_QC_ADMIN });
  if (role === 'auditor') authorities.push({ authority: ROLE_AUDITOR });
  const explicit = (company.allowedTypes as TypeCode[] | null) ?? null;
  // The token carries the effective list, so every client decides from the same one (6.4).
  const types = allowedTypesFor({ qcAdmin, isIndividual: company.individual, allowedTypes: explicit });
  return {
    sub: user.username,
    uid: user.id,
    cid: company.id,
    iid: company.instituteId,
    sid: session.sessionId,
    imp: session.impersonator,
    paymentType: company.paymentType,
    vatPayer: company.vatPayer,
    tcsVersion: user.tcsVersion,
    interuptMessageAck: user.interuptMessageAck,
    refRequired: company.refRequired,
    refLabel: company.refLabel,
    appRefLabel: company.appRefLabel,
    hasApplicants: company.hasApplicants,
    inviteApplicants: company.inviteApplicants,
    hasReferrals: company.hasReferrals,
    isIndividual: company.individual,
    isApplicant: user.applicant,
    applicantPays: company.applicantPays,
    isAvatar: session.impersonator !== null,
    allowedTypes: JSON.stringify(types),
    ownerLogo: company.ownerLogo,
    partnerLogo: company.partnerLogo,
    authorities,
    hasCountryAccess: company.hasCountryAccess,
    hasAnalyticsAccess: company.hasAnalyticsAccess,
    hasReportsAccess: company.hasReportsAccess,
    startHome: startRoute({ isIndividual: company.individual, paymentType: company.paymentType }),
    hasDiscount: company.hasDiscount,
    currency: company.currency,
    sharingDisabled: company.sharingDisabled,
    accreditationEnabled: company.accreditationEnabled,
    showDeleted: company.showDeleted,
    idCount: 0,
  };
}
