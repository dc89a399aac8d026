import { api } from '@/shared/api/client';

/** Spec 3.8. */
export interface ApplicationOwner {
  id: number | string;
  name: string;
  logo?: string | null;
  partnerLogo?: string | null;
  status?: string | null;
  statusDescription?: string | null;
  referenceLabel?: string | null;
  template?: number | null;
}

export interface ReferralOwner {
  id: number | string;
  logo?: string | null;
  partnerLogo?: string | null;
}

/** GET /application/template/owner/{x}: x is an atid or a host's first label. 404 means no such organisation. */
export function getTemplateOwner(x: string | number, signal?: AbortSignal): Promise<ApplicationOwner> {
  return api.get<ApplicationOwner>(
    `/application/template/owner/${encodeURIComponent(String(x))}`,
    undefined,
    {
      signal,
      silent: true,
    },
  );
}

/** GET /referral/owner/{code}. */
export function getReferralOwner(code: string, signal?: AbortSignal): Promise<ReferralOwner> {
  return api.get<ReferralOwner>(`/referral/owner/${encodeURIComponent(code)}`, undefined, {
    signal,
    silent: true,
  });
}
