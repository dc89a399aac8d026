import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getAccount, type Account } from '@/features/account/api/account';
import { countOpenApplications } from '@/features/applications/api/countOpenApplications';
import { isInstituteOrParent, showsVerificationGroup } from '@credence/domain';
import {
  getCreditSummary,
  getDashboardNotices,
  getVerificationCounters,
  type Notice,
} from '@/features/shell/api/shell';
import { factsOf } from '@/shared/session/account';
import { sessionStore } from '@/shared/session/sessionStore';
import { useSession } from '@/shared/session/useSession';

interface ShellData {
  /** The signed-in user's account (spec 3.4); null until loaded or when it could not be. */
  account: Account | null;
  reloadAccount: () => Promise<Account | null>;
  notices: Notice[];
}

const ShellDataContext = createContext<ShellData | null>(null);

/**
 * What the shell loads on entry, once per signed-in user: the account (names, terms and welcome state), the
 * dashboard notices, the current credit and, for applicants, the open applications. Each is optional: a failure
 * leaves its part of the shell out rather than blocking the screen.
 */
export function ShellDataProvider({ children }: { children: ReactNode }) {
  const { claims } = useSession();
  const user = claims?.sub ?? '';
  const isApplicant = !!claims?.isApplicant;
  const facts = factsOf(claims);
  // Badges only where their entries are (spec 2.3): the verification group, or an institute's pendings.
  const countsVerifications = showsVerificationGroup(facts) || isInstituteOrParent(facts.paymentType);
  const [account, setAccount] = useState<Account | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);

  const reloadAccount = useCallback(async () => {
    const next = await getAccount({ silent: true }).catch(() => null);
    setAccount(next);
    return next;
  }, []);

  useEffect(() => {
    if (!user) return;
    let live = true;
    getAccount({ silent: true })
      .then((a) => live && setAccount(a))
      .catch(() => undefined);
    getDashboardNotices()
      .then((n) => live && setNotices(n))
      .catch(() => undefined);
    getCreditSummary()
      .then((c) => {
        if (!live) return;
        sessionStore.setCurrentCredit(c.credit);
        if (c.unseenInvoices !== null) sessionStore.setCounters({ unseenInvoices: c.unseenInvoices });
      })
      .catch(() => live && sessionStore.setCurrentCredit(null));
    if (countsVerifications) {
      getVerificationCounters()
        .then((c) => live && sessionStore.setCounters(c))
        .catch(() => undefined);
    }
    if (isApplicant) {
      countOpenApplications()
        .then((n) => live && sessionStore.setCounters({ openApplications: n }))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [user, isApplicant, countsVerifications]);

  const value = useMemo(() => ({ account, reloadAccount, notices }), [account, reloadAccount, notices]);
  return <ShellDataContext.Provider value={value}>{children}</ShellDataContext.Provider>;
}

export function useShellData(): ShellData {
  const data = useContext(ShellDataContext);
  if (!data) throw new Error('useShellData must be used inside ShellDataProvider');
  return data;
}
