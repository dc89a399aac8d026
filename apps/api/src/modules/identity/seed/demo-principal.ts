import { staffRole } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import type { AccountsRepository } from '../persistence/accounts.repository';

/**
 * A demo account as a signed-in caller, for seeds that act through the areas' own command handlers. Built from
 * the account rows as the session would be; with `staffDomain`, staff accounts have their stored staff role.
 */
export async function demoPrincipal(accounts: AccountsRepository, username: string, staffDomain?: string): Promise<Principal> {
  const user = await accounts.userByUsername(username);
  const company = user && (await accounts.company(user.companyId));
  if (!user || !company) throw new Error(`demo seed: no demo account ${username}`);
  return {
    userId: user.id,
    username: user.username,
    companyId: company.id,
    instituteId: company.instituteId,
    impersonator: null,
    sessionId: 'demo-seed',
    paymentType: company.paymentType,
    isIndividual: company.individual,
    isApplicant: user.applicant,
    applicantPays: company.applicantPays,
    admin: user.admin,
    qcAdmin: staffDomain ? staffRole(user, staffDomain) === 'administrator' : false,
    auditor: staffDomain ? staffRole(user, staffDomain) === 'auditor' : false,
    allowedTypes: null,
    hasReportsAccess: company.hasReportsAccess,
    hasAnalyticsAccess: company.hasAnalyticsAccess,
    hasCountryAccess: company.hasCountryAccess,
    hasApplicants: company.hasApplicants,
    inviteApplicants: company.inviteApplicants,
    hasReferrals: company.hasReferrals,
    sharingDisabled: company.sharingDisabled,
  };
}
