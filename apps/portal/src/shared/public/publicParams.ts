import {
  APP_HOSTS,
  ALT_BRAND_HOSTS,
  HOST_REFERRAL_CODES,
  IAOI_TEMPLATES,
  PRODUCT_DOMAIN,
} from '@/shared/config';

/** What the public wrapper reads from the address (spec 2.4). */
export interface PublicParams {
  /**
   * The application template id: from atid, or mapped from iaoi (1 to 4, 0 for other codes); '-1' when the host's
   * lookup failed. Kept as text: template owners are looked up by id, and ids need not be numbers.
   */
  atid: string | null;
  /** The referral code (ref, or referralcode on the register page, or the host's fixed partner code). */
  referralCode: string | null;
  /** The e-mail to prefill, URL-decoded. */
  email: string | null;
  r: string | null;
  qcmc: string | null;
  /** The host's first label when the host is an application-template subdomain, to be looked up. */
  subdomain: string | null;
}

function decode(value: string | null): string | null {
  if (value === null) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** An atid that names a template owner: not absent, not 0 (another code) and not -1 (lookup failed). */
export const hasTemplate = (atid: string | null): atid is string =>
  atid !== null && atid !== '0' && atid !== '-1';

export function readPublicParams(search: URLSearchParams, host: string): PublicParams {
  const iaoi = search.get('iaoi');
  const explicit = search.get('atid')?.trim() || null;
  const atid = explicit ?? (iaoi === null ? null : String(IAOI_TEMPLATES[iaoi.toLowerCase()] ?? 0));
  const hostName = host.toLowerCase();
  return {
    atid,
    referralCode: HOST_REFERRAL_CODES[hostName] ?? search.get('ref') ?? search.get('referralcode'),
    email: decode(search.get('e')),
    r: search.get('r'),
    qcmc: search.get('qcmc'),
    subdomain: templateSubdomain(hostName),
  };
}

/** A host under the product's domain that is neither an app host nor a fixed partner host names a template owner. */
export function templateSubdomain(host: string): string | null {
  if (!host.endsWith(`.${PRODUCT_DOMAIN}`)) return null;
  if ((APP_HOSTS as readonly string[]).includes(host) || host in HOST_REFERRAL_CODES) return null;
  const label = host.split('.')[0];
  return label && label !== 'www' ? label : null;
}

/** Spec 1: the alternative-branded variant is chosen from the browser host. */
export const isAltBranding = (host: string) =>
  (ALT_BRAND_HOSTS as readonly string[]).includes(host.toLowerCase());
