import { Backdrop, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { getTemplateOwner } from '@/features/register/api/owners';
import { readPublicParams, type PublicParams } from '@/shared/public/publicParams';
import { queryKeys } from '@/shared/query/queryKeys';
import { sessionStore } from '@/shared/session/sessionStore';

export interface Branding {
  /** Shown as 'On behalf of'. */
  ownerLogo: string | null;
  /** Shown as 'In partnership with'. */
  partnerLogo: string | null;
  /** Whose logos they are, when known: each logo's text for those who cannot see it. */
  ownerName?: string | null;
  partnerName?: string | null;
}

interface PublicContextValue {
  params: PublicParams;
  branding: Branding;
  setBranding: (branding: Branding) => void;
}

const noBranding: Branding = { ownerLogo: null, partnerLogo: null };
const PublicCtx = createContext<PublicContextValue | null>(null);

/**
 * The public wrapper around login and registration (spec 2.4): reads the query once per address, keeps qcmc in the
 * session, and looks up the template owner of a partner subdomain (a loading overlay meanwhile; -1 on failure).
 */
export function PublicContextProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const host = window.location.hostname;
  const base = useMemo(() => readPublicParams(new URLSearchParams(search), host), [search, host]);
  const [branding, setBranding] = useState<Branding>(noBranding);
  const subdomain = base.subdomain && base.atid === null ? base.subdomain : null;
  // The owner of a subdomain does not change while the page is open; a failure is an answer (-1), not retried.
  const owner = useQuery({
    queryKey: queryKeys.owner.bySubdomain(subdomain ?? ''),
    queryFn: () => getTemplateOwner(subdomain ?? ''),
    enabled: subdomain !== null,
    staleTime: Infinity,
    retry: false,
  });
  const subdomainAtid: string | null | 'loading' =
    subdomain === null ? null : owner.isPending ? 'loading' : owner.isError ? '-1' : String(owner.data.id);

  useEffect(() => {
    if (base.qcmc) sessionStore.setQcmc(base.qcmc);
  }, [base.qcmc]);

  const params = useMemo(
    () =>
      typeof subdomainAtid === 'string' && subdomainAtid !== 'loading'
        ? { ...base, atid: subdomainAtid }
        : base,
    [base, subdomainAtid],
  );
  const value = useMemo(() => ({ params, branding, setBranding }), [params, branding]);

  return (
    <PublicCtx.Provider value={value}>
      {children}
      <Backdrop open={subdomainAtid === 'loading'} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff' }}>
        <CircularProgress color="inherit" aria-label="Loading" />
      </Backdrop>
    </PublicCtx.Provider>
  );
}

export function usePublicContext(): PublicContextValue {
  const ctx = useContext(PublicCtx);
  if (!ctx) throw new Error('usePublicContext must be used inside PublicContextProvider');
  return ctx;
}
