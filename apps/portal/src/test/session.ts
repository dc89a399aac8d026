import { sessionStore } from '@/shared/session/sessionStore';
import { makeToken } from '@/test/fetchMock';

/** Claims of a signed-in organisation user as the API issues them (spec 3.2), overridable per test. */
export function claimsOf(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    sub: 'ann@acme.example',
    paymentType: 'CARD',
    allowedTypes: '["edu","emp","pli","pce","hsc"]',
    authorities: [{ authority: 'ROLE_USER' }],
    tcsVersion: 3,
    interuptMessageAck: '2024-01-01',
    isIndividual: false,
    isApplicant: false,
    isAvatar: false,
    currency: 'GBP',
    ...over,
  };
}

export const ADMIN = [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }];

export function signInAs(over: Record<string, unknown> = {}, now = Date.now()) {
  sessionStore.signIn(makeToken(claimsOf(over)), 'refresh-1', now);
}
