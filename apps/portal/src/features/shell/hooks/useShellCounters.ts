import { isInstituteOrParent, showsVerificationGroup } from '@credence/domain';
import { useOpenApplicationsCount } from '@/features/applications/hooks/useOpenApplications';
import { useCreditSummary } from '@/features/credit/hooks/useCreditSummary';
import { useVerificationCounters } from '@/features/verification/hooks/useVerificationCounters';
import { useAccountFacts } from '@/shared/session/account';

/** Spec 3.1: the counters behind the sidebar's visibility and badges. */
export interface Counters {
  openApplications: number;
  verificationsInProgress: number;
  verificationsActionRequired: number;
  unseenInvoices: number;
  outstandingPendings: number;
}

/**
 * The sidebar's counters, read from the query cache (the one source: a mutation that invalidates verifications or
 * credit updates the badges with nothing else to keep in step). Each part is asked for only where its entries are:
 * the verification badges with the verification group or an institute's pendings (spec 2.3), open applications for
 * applicants. A part that fails counts 0, which shows no badge.
 */
export function useShellCounters(): Counters {
  const facts = useAccountFacts();
  const countsVerifications = showsVerificationGroup(facts) || isInstituteOrParent(facts.paymentType);
  const verification = useVerificationCounters({ enabled: countsVerifications });
  const { unseenInvoices } = useCreditSummary();
  const openApplications = useOpenApplicationsCount({ enabled: facts.isApplicant });
  return { ...verification, unseenInvoices: unseenInvoices ?? 0, openApplications };
}
