import { api } from '@/shared/api/client';
import { withQcmc } from '@/shared/api/qcmc';
import type { VolumeChecks } from '@credence/domain';
import type { ApplicationOwner, ReferralOwner } from '@/features/register/api/owners';

export type { VolumeChecks };

/** Spec 3.7: the registration token as read by the complete form. */
export interface RegistrationToken {
  firstname: string;
  lastname: string;
  email: string;
  companyId?: number | string | null;
  companyName?: string | null;
  jobTitle?: string | null;
  volumeChecks?: VolumeChecks | null;
  instituteId?: number | string | null;
  instituteName?: string | null;
  applicationOwner?: ApplicationOwner | null;
  referralOwner?: ReferralOwner | null;
  individual: boolean;
}

export interface StartRegistrationRequest {
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  jobTitle: string | null;
  volumeChecks: VolumeChecks | null;
  individual: boolean;
  applicationTemplateId: number | string | null;
  referralOwnerId: number | string | null;
  applicationRef: string | null;
}

export interface CompleteRegistrationRequest {
  password: string;
  confirmPassword: string;
  company: {
    name?: string;
    addressCountry: { id: string };
    industry?: { id: number };
    vatId?: string | null;
  } | null;
  marketing: boolean;
  jobTitle: string | null;
  volumeChecks: VolumeChecks | null;
}

/** GET /register/{token}; its failure has its own toast (spec 8), so the generic one is left out. */
export function getRegistrationToken(token: string, signal?: AbortSignal): Promise<RegistrationToken> {
  return api.get<RegistrationToken>(`/register/${encodeURIComponent(token)}`, undefined, {
    signal,
    silent: true,
  });
}

/** POST /register[?qcmc=]: creates a registration token and e-mails the link (spec 4.2). */
export function startRegistration(request: StartRegistrationRequest): Promise<void> {
  return api.post<void>('/register', request, withQcmc());
}

/** PUT /register/{token}: sets the password and the company (spec 4.2). */
export function completeRegistration(token: string, request: CompleteRegistrationRequest): Promise<void> {
  return api.put<void>(`/register/${encodeURIComponent(token)}`, request);
}
