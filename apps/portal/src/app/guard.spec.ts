import { describe, expect, it } from 'vitest';
import { guard, type GuardTarget } from '@/app/guard';
import type { SessionClaims } from '@/shared/session/claims';
import type { SessionState } from '@/shared/session/sessionStore';

const now = new Date('2026-11-20T10:00:00Z');
const signedOut: SessionState = {
  token: '',
  refreshToken: '',
  claims: null,
  redirectPage: null,
  endedBy: null,
};
const signedIn = (claims: SessionClaims): SessionState => ({
  ...signedOut,
  token: 't',
  refreshToken: 'r',
  claims,
});
const to = (pathname: string, access: GuardTarget['access'] = 'private', search = ''): GuardTarget => ({
  pathname,
  search,
  access,
});

describe('navigation guard (spec 2.2)', () => {
  it('sends every route to maintenance while a downtime is configured', () => {
    const ctx = { session: signedIn({}), now, downtimeEnd: new Date('2026-11-21T00:00:00Z') };
    expect(guard(to('/login', 'public'), ctx)).toEqual({ kind: 'redirect', to: '/maintenance' });
    expect(guard(to('/home'), ctx)).toEqual({ kind: 'redirect', to: '/maintenance' });
    expect(guard(to('/maintenance', 'public'), ctx)).toEqual({ kind: 'allow' });
  });

  it('lets anyone reach public screens', () => {
    expect(guard(to('/view/12', 'public'), { session: signedOut, now, downtimeEnd: null })).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-out visitor to /login and remembers the page with its query', () => {
    expect(
      guard(to('/verification/history', 'private', '?result=VERIFIED'), {
        session: signedOut,
        now,
        downtimeEnd: null,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberRedirect: '/verification/history?result=VERIFIED',
    });
  });

  it('ends an expired session, says so at login, and comes back to the page afterwards', () => {
    const session = signedIn({ exp: now.getTime() / 1000 - 1 });
    expect(guard(to('/home'), { session, now, downtimeEnd: null })).toEqual({
      kind: 'redirect',
      to: '/login?expired=true',
      rememberRedirect: '/home',
      endSession: 'expiry',
    });
    const ended = { ...signedOut, endedBy: 'expiry' as const };
    expect(guard(to('/home'), { session: ended, now, downtimeEnd: null })).toEqual({
      kind: 'redirect',
      to: '/login?expired=true',
      rememberRedirect: '/home',
    });
  });

  it('does not carry the page of a logged-out user over to the next login', () => {
    const ended = { ...signedOut, endedBy: 'logout' as const };
    expect(guard(to('/account'), { session: ended, now, downtimeEnd: null })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('routes Country Insights and its prompt by access', () => {
    const ctx = (hasCountryAccess: boolean) => ({
      session: signedIn({ hasCountryAccess }),
      now,
      downtimeEnd: null,
    });
    expect(guard(to('/countryinfo'), ctx(false))).toMatchObject({ to: '/countryinfoprompt' });
    expect(guard(to('/countryinfoprompt'), ctx(true))).toMatchObject({ to: '/countryinfo' });
    expect(guard(to('/countryinfo'), ctx(true))).toEqual({ kind: 'allow' });
  });

  it('sends institutes without allowed types from the dashboard to pending verifications', () => {
    const session = signedIn({ paymentType: 'UNI_PARENT', allowedTypes: '[]' });
    expect(guard(to('/dashboard'), { session, now, downtimeEnd: null })).toMatchObject({
      to: '/verification/pending',
    });
    const withTypes = signedIn({ paymentType: 'INSTITUTE', allowedTypes: ['edu'] });
    expect(guard(to('/dashboard'), { session: withTypes, now, downtimeEnd: null })).toEqual({
      kind: 'allow',
    });
  });

  it('lets only admins with analytics access into analytics', () => {
    const admin = [{ authority: 'ROLE_ADMIN' }];
    const ctx = (claims: SessionClaims) => ({ session: signedIn(claims), now, downtimeEnd: null });
    expect(guard(to('/analytics'), ctx({ hasAnalyticsAccess: true }))).toMatchObject({ to: '/' });
    expect(guard(to('/analytics'), ctx({ authorities: admin }))).toMatchObject({ to: '/' });
    expect(guard(to('/analytics'), ctx({ hasAnalyticsAccess: true, authorities: admin }))).toEqual({
      kind: 'allow',
    });
  });
});
