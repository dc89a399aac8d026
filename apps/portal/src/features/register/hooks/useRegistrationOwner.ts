import { useQuery } from '@tanstack/react-query';
import {
  getReferralOwner,
  getTemplateOwner,
  type ApplicationOwner,
  type ReferralOwner,
} from '@/features/register/api/owners';
import { hasTemplate } from '@/shared/public/publicParams';
import { queryKeys } from '@/shared/query/queryKeys';

export type RegistrationOwner =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'template'; owner: ApplicationOwner }
  | { kind: 'referral'; owner: ReferralOwner }
  | { kind: 'not-found'; of: 'template' | 'referral' };

/**
 * Access 2.7 and 3.8: the organisation a registration link names. An atid names an application template owner
 * (-1 is one that could not be found), otherwise a referral code names a referral owner. Any failure to read it is
 * the 'Organisation not found!' page.
 */
export function useRegistrationOwner(atid: string | null, referralCode: string | null): RegistrationOwner {
  const byTemplate = hasTemplate(atid);
  const byReferral = !byTemplate && atid !== '-1' && !!referralCode;
  const template = useQuery({
    queryKey: queryKeys.registration.templateOwner(atid ?? ''),
    queryFn: ({ signal }) => getTemplateOwner(atid ?? '', signal),
    enabled: byTemplate,
  });
  const referral = useQuery({
    queryKey: queryKeys.registration.referralOwner(referralCode ?? ''),
    queryFn: ({ signal }) => getReferralOwner(referralCode ?? '', signal),
    enabled: byReferral,
  });

  if (atid === '-1') return { kind: 'not-found', of: 'template' };
  if (byTemplate) {
    if (template.isError) return { kind: 'not-found', of: 'template' };
    return template.data ? { kind: 'template', owner: template.data } : { kind: 'loading' };
  }
  if (byReferral) {
    if (referral.isError) return { kind: 'not-found', of: 'referral' };
    return referral.data ? { kind: 'referral', owner: referral.data } : { kind: 'loading' };
  }
  return { kind: 'none' };
}
