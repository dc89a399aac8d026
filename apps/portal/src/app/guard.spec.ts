import { describe, expect, it } from 'vitest';
import { guard, signInPath, type GuardContext, type GuardTarget } from '@/app/guard';
import type { SessionClaims } from '@/shared/session/claims';
import type { SessionState } from '@/shared/session/sessionStore';

const now = new Date('2026-11-20T10:00:00Z');
const at = now.getTime();
const signedOut: SessionState = {
  token: '',
  refreshToken: '',
  claims: null,
  expiry: null,
  autoLogout: null,
  redirectPage: null,
  endedBy: null,
  qcmc: null,
  openApplicationsAtSignIn: null,
  applicationInProgress: null,
};
const signedIn = (claims: SessionClaims, expiry = at + 60_000): SessionState => ({
  ...signedOut,
  token: 't',
  refreshToken: 'r',
  claims: { paymentType: 'CARD', ...claims },
  expiry,
  autoLogout: expiry + 14 * 60_000,
});
const to = (pathname: string, access: GuardTarget['access'] = 'private', search = ''): GuardTarget => ({
  pathname,
  search,
  access,
});
const ctx = (session: SessionState, extra: Partial<GuardContext> = {}): GuardContext => ({
  session,
  now,
  downtimeEnd: null,
  host: 'localhost',
  ...extra,
});
const admin = [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }];

describe('navigation guard (spec 2.2)', () => {
  it('1. sends every route to maintenance while a downtime is configured, before anything else', () => {
    const downtime = { downtimeEnd: new Date('2026-11-21T00:00:00Z') };
    expect(guard(to('/login', 'public'), ctx(signedIn({}), downtime))).toEqual({
      kind: 'redirect',
      to: '/maintenance',
    });
    expect(guard(to('/home'), ctx(signedOut, downtime))).toEqual({ kind: 'redirect', to: '/maintenance' });
    expect(guard(to('/maintenance', 'public'), ctx(signedOut, downtime))).toEqual({ kind: 'allow' });
  });

  it('2. lets anyone reach public screens, even with an expired session', () => {
    expect(guard(to('/view/12', 'public'), ctx(signedOut))).toEqual({ kind: 'allow' });
    expect(guard(to('/login', 'public'), ctx(signedIn({}, at - 1)))).toEqual({ kind: 'allow' });
  });

  it('3. sends a signed-out visitor to /login on an app host and remembers the page with its query', () => {
    expect(guard(to('/verification/history', 'private', '?result=VERIFIED'), ctx(signedOut))).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberRedirect: '/verification/history?result=VERIFIED',
    });
  });

  it('3. sends a signed-out visitor on any other host to registration', () => {
    expect(guard(to('/home'), ctx(signedOut, { host: 'acme.credence.test' }))).toMatchObject({
      to: '/login/register',
      rememberRedirect: '/home',
    });
    expect(signInPath('app.credence.test')).toBe('/login');
    expect(signInPath('beta.credence.test')).toBe('/login');
    expect(signInPath('uni.example.org')).toBe('/login/register');
  });

  it('3. does not carry the page of a logged-out user over to the next login', () => {
    expect(guard(to('/account'), ctx({ ...signedOut, endedBy: 'logout' }))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('3. after an expiry, says so at login and comes back to the page afterwards', () => {
    expect(guard(to('/home'), ctx({ ...signedOut, endedBy: 'expiry' }))).toEqual({
      kind: 'redirect',
      to: '/login?expired=true',
      rememberRedirect: '/home',
    });
  });

  it('4. refreshes an expired session before anything the claims decide', () => {
    const expired = signedIn({ hasCountryAccess: false }, at - 1);
    expect(guard(to('/home'), ctx(expired))).toEqual({ kind: 'refresh' });
    // Step 4 comes before step 5: the refreshed claims may grant the access.
    expect(guard(to('/countryinfo'), ctx(expired))).toEqual({ kind: 'refresh' });
  });

  it('4. ends a session past its auto-logout time without asking the server', () => {
    const session = signedIn({}, at - 14 * 60_000 - 1);
    expect(guard(to('/home'), ctx(session))).toEqual({
      kind: 'redirect',
      to: '/login?expired=true',
      rememberRedirect: '/home',
      endSession: 'expiry',
    });
  });

  it('5. routes Country Insights and its prompt by access, whatever the spelling', () => {
    expect(guard(to('/countryinfo'), ctx(signedIn({ hasCountryAccess: false })))).toMatchObject({
      to: '/countryinfoprompt',
    });
    expect(guard(to('/countryInfo'), ctx(signedIn({ hasCountryAccess: false })))).toMatchObject({
      to: '/countryinfoprompt',
    });
    expect(guard(to('/countryinfoprompt'), ctx(signedIn({ hasCountryAccess: true })))).toMatchObject({
      to: '/countryinfo',
    });
    expect(guard(to('/countryinfo'), ctx(signedIn({ hasCountryAccess: true })))).toEqual({ kind: 'allow' });
  });

  it('8. sends whoever may not buy credit (invoice payers, individuals) from Buy Credit home', () => {
    expect(guard(to('/credit/buy'), ctx(signedIn({ paymentType: 'INVOICE' })))).toMatchObject({ to: '/' });
    expect(guard(to('/credit/buy'), ctx(signedIn({ paymentType: 'CARD', isIndividual: true })))).toMatchObject({ to: '/' });
    expect(guard(to('/credit/buy'), ctx(signedIn({ paymentType: 'CARD' })))).toEqual({ kind: 'allow' });
  });

  it('5. keeps an individual whose Country Insights flag is on at the prompt, as the screens and the API do (no loop)', () => {
    const individual = ctx(signedIn({ hasCountryAccess: true, isIndividual: true }));
    expect(guard(to('/countryinfoprompt'), individual)).toEqual({ kind: 'allow' });
    expect(guard(to('/countryinfo'), individual)).toMatchObject({ to: '/countryinfoprompt' });
  });

  it('6. sends institutes and parents without allowed types from the dashboard to pending verifications', () => {
    expect(
      guard(to('/dashboard'), ctx(signedIn({ paymentType: 'UNI_PARENT', allowedTypes: '[]' }))),
    ).toMatchObject({
      to: '/verification/pending',
    });
    expect(
      guard(to('/dashboard'), ctx(signedIn({ paymentType: 'INSTITUTE', allowedTypes: '["edu"]' }))),
    ).toEqual({
      kind: 'allow',
    });
    // An organisation without types keeps its dashboard: the rule is the institutes'.
    expect(guard(to('/dashboard'), ctx(signedIn({ paymentType: 'CARD', allowedTypes: '[]' })))).toEqual({
      kind: 'allow',
    });
  });

  it('7. lets only admins with analytics access into analytics', () => {
    expect(guard(to('/analytics'), ctx(signedIn({ hasAnalyticsAccess: true })))).toMatchObject({ to: '/' });
    expect(guard(to('/analytics'), ctx(signedIn({ authorities: admin })))).toMatchObject({ to: '/' });
    expect(guard(to('/analytics'), ctx(signedIn({ hasAnalyticsAccess: true, authorities: admin })))).toEqual({
      kind: 'allow',
    });
  });
});
