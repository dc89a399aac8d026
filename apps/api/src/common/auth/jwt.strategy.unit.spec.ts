import type { Request } from 'express';
import { sign } from 'jsonwebtoken';
import { Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/config.schema';
import { JwtStrategy } from './jwt.strategy';
import type { Principal } from './principal';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token.service';
import { VerifiedTokens } from './verified-tokens';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123';
const claims = {
  sub: 'ann@acme.test', uid: 'u-ann', cid: 'acme', iid: null, sid: 's-1', imp: null, paymentType: 'CARD',
  isIndividual: false, isApplicant: false, applicantPays: false, allowedTypes: 'null',
  authorities: [{ authority: 'ROLE_USER' }, { authority: 'ROLE_ADMIN' }],
  hasReportsAccess: false, hasAnalyticsAccess: false, hasCountryAccess: false, hasApplicants: false,
  inviteApplicants: false, hasReferrals: false, sharingDisabled: false,
};
const tokenFor = (payload: object, ttl = 900, secret = SECRET) =>
  sign(payload, secret, { algorithm: 'HS256', expiresIn: ttl, issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });

/** One passport attempt, as passport makes it: a fresh object on top of the strategy, with its own outcomes. */
async function attempt(strategy: JwtStrategy, token: string | null): Promise<{ user?: Principal; failed: boolean }> {
  return new Promise((resolve, reject) => {
    const a = Object.create(strategy) as JwtStrategy & { fail: () => void; error: (e: Error) => void };
    a.success = (user: Principal) => resolve({ user, failed: false });
    a.fail = () => resolve({ failed: true });
    a.error = reject;
    a.authenticate({ headers: token ? { 'x-auth-token': token } : {} } as unknown as Request);
  });
}

describe('JwtStrategy', () => {
  let verifier: jest.SpyInstance;
  beforeEach(() => {
    verifier = jest.spyOn(Strategy as unknown as { JwtVerifier: (...a: unknown[]) => void }, 'JwtVerifier');
  });
  afterEach(() => {
    verifier.mockRestore();
    jest.useRealTimers();
  });

  const strategy = () => new JwtStrategy({ jwtSecret: SECRET } as AppConfig);

  it('reads the principal from a valid token, and checks the same token only once', async () => {
    const s = strategy();
    const token = tokenFor(claims);
    const first = await attempt(s, token);
    expect(first.user).toMatchObject({ userId: 'u-ann', companyId: 'acme', admin: true, qcAdmin: false });
    const second = await attempt(s, token);
    expect(second.user).toEqual(first.user);
    expect(second.user).not.toBe(first.user);
    expect(verifier).toHaveBeenCalledTimes(1);
  });

  it('still refuses a token edited in any byte, another key, alg none and no token, after a good one was remembered', async () => {
    const s = strategy();
    const token = tokenFor(claims);
    expect((await attempt(s, token)).failed).toBe(false);
    const [h, p, sig] = token.split('.');
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), cid: 'other' })).toString('base64url')}.${sig}`;
    expect((await attempt(s, edited)).failed).toBe(true);
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    expect((await attempt(s, `${h}.${p}.${flipped}`)).failed).toBe(true);
    expect((await attempt(s, tokenFor(claims, 900, 'another-secret-another-secret-0123456'))).failed).toBe(true);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    expect((await attempt(s, none)).failed).toBe(true);
    expect((await attempt(s, null)).failed).toBe(true);
  });

  it('refuses a remembered token once it has expired', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const s = strategy();
    const token = tokenFor(claims, 60);
    expect((await attempt(s, token)).failed).toBe(false);
    jest.setSystemTime(new Date('2026-11-27T12:00:59Z'));
    expect((await attempt(s, token)).failed).toBe(false);
    jest.setSystemTime(new Date('2026-11-27T12:01:00Z'));
    expect((await attempt(s, token)).failed).toBe(true);
  });
});

describe('VerifiedTokens', () => {
  it('forgets the oldest token when full, and never remembers one without a future exp', () => {
    let now = 1000;
    const tokens = new VerifiedTokens<{ id: number }>(2, () => now);
    tokens.remember('a', { id: 1 }, 2000);
    tokens.remember('b', { id: 2 }, 2000);
    tokens.remember('c', { id: 3 }, 2000);
    expect(tokens.get('a')).toBeUndefined();
    expect(tokens.get('c')).toEqual({ id: 3 });
    tokens.remember('d', { id: 4 }, undefined);
    tokens.remember('e', { id: 5 }, 1000);
    expect(tokens.get('d')).toBeUndefined();
    expect(tokens.get('e')).toBeUndefined();
    now = 2000;
    expect(tokens.get('c')).toBeUndefined();
    expect(tokens.size).toBe(1);
  });
});
