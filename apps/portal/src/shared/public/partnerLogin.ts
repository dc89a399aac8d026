import { ALT_BRAND_HOSTS, PARTNER_LOGINS } from '@/shared/config';
import partnerLogo from '@/shared/public/assets/partner-logo.svg';
import { isAltBranding } from '@/shared/public/publicParams';

export interface PartnerLogin {
  segment: string;
  name: string;
  logo: string;
}

/** The partner whose login a path is (/login/{partner segment}, any case, a trailing slash allowed), if any. */
export function partnerOfPath(pathname: string): PartnerLogin | null {
  const match = /^\/login\/([^/]+)\/?$/i.exec(pathname);
  const segment = match?.[1].toLowerCase();
  const partner = segment ? PARTNER_LOGINS[segment] : undefined;
  return segment && partner ? { segment, name: partner.name, logo: partnerLogo } : null;
}

/** The partner of the alternative-branded host's own pages: the first (and so far only) partner. */
export function altBrandPartner(host: string): PartnerLogin | null {
  const [segment] = Object.keys(PARTNER_LOGINS);
  return isAltBranding(host) && segment ? partnerOfPath(`/login/${segment}`) : null;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

type Where = Pick<Location, 'hostname' | 'pathname' | 'search'>;

/**
 * Access 2.1: 'At start-up a URL ending in this partner path is redirected to the login page of the
 * alternative-branded host.' The address to go to instead of starting the portal, or null. The query goes along
 * (an expired session's notice, an impersonation). On the alternative host, and on a developer's own machine (which
 * the alternative host's name does not reach), the partner login is shown where it is.
 */
export function partnerLoginRedirect(where: Where): string | null {
  const partner = partnerOfPath(where.pathname);
  if (!partner || isAltBranding(where.hostname)) return null;
  if (LOCAL_HOSTS.includes(where.hostname)) return null;
  return `https://${ALT_BRAND_HOSTS[0]}/login/${partner.segment}${where.search}`;
}
