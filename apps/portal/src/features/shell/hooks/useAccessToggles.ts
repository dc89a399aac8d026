import { useState } from 'react';
import { useNavigate } from 'react-router';
import { flipAccessFlag, type AccessFlag } from '@credence/domain';
import { useUpdateAccessFlags } from '@/features/account/hooks/useAccount';
import { refreshSession } from '@/shared/session/refresh';
import { useSession } from '@/shared/session/useSession';

interface Toggle {
  flag: AccessFlag;
  label: string;
  on: boolean;
  /** Where the toggle leads once it is ON (spec 2.3: #/countryInfo and #/analytics); OFF leads to the dashboard. */
  to: string;
}

/**
 * Spec 2.3 and 4.7: while impersonating, a staff administrator switches the customer's Country Insights, Analytics
 * and Reports access. Each switch is saved, then the login is refreshed so the new claims take effect.
 */
export function useAccessToggles() {
  const { claims } = useSession();
  const navigate = useNavigate();
  const save = useUpdateAccessFlags();
  // The save, the refresh and the navigation are one step for the user: the switches wait for all of it.
  const [pending, setPending] = useState<AccessFlag | null>(null);
  const current = {
    hasCountryAccess: !!claims?.hasCountryAccess,
    hasAnalyticsAccess: !!claims?.hasAnalyticsAccess,
    hasReportsAccess: !!claims?.hasReportsAccess,
  };
  const items: Toggle[] = [
    { flag: 'hasCountryAccess', label: 'Country Insights', on: current.hasCountryAccess, to: '/countryInfo' },
    { flag: 'hasAnalyticsAccess', label: 'Analytics', on: current.hasAnalyticsAccess, to: '/analytics' },
    { flag: 'hasReportsAccess', label: 'Reports', on: current.hasReportsAccess, to: '/analytics' },
  ];

  async function toggle(flag: AccessFlag) {
    const change = flipAccessFlag(current, flag);
    setPending(flag);
    try {
      await save.mutateAsync(change);
      await refreshSession();
      const item = items.find((i) => i.flag === flag);
      await navigate(change[flag] ? (item?.to ?? '/') : '/dashboard');
    } catch {
      // The API client has shown the error.
    } finally {
      setPending(null);
    }
  }

  return { items, toggle, pending };
}
