import { deciderSpec } from '../shared/decider.spec-helper';
import { shareDecider, type ShareCommand } from './share.decide';
import { shareEvent, type ShareCreated } from './share.events';
import { charactersLeft, privateShareDetails, shareEmailProblem, shownPublicShare, visibleThroughWalletShare } from './share.rules';

const NOW = '2026-11-25T10:00:00.000Z';
const LATER = '2026-12-25T10:00:00.000Z';
const indy = { companyId: 'c-indy', username: 'indy@mail.test', name: 'Indy Individual', sharingDisabled: false };
const wallet = { kind: 'WALLET', verificationId: null } as const;
const oneVerification = { kind: 'VERIFICATION', verificationId: 'QC-1' } as const;

const create = (extra: Partial<Extract<ShareCommand, { type: 'CreateShare' }>> = {}): ShareCommand => ({
  type: 'CreateShare',
  shareId: 'tok-1',
  owner: indy,
  target: oneVerification,
  shareType: 'PUBLIC',
  now: NOW,
  ...extra,
});
const created = (data: Partial<ShareCreated['data']> = {}) =>
  shareEvent<ShareCreated>('ShareCreated', {
    shareId: 'tok-1',
    owner: { companyId: indy.companyId, username: indy.username, name: indy.name },
    target: oneVerification,
    type: 'PUBLIC',
    key: 'tok-1',
    expiresAt: null,
    ...data,
  });
const privately = created({ type: 'PRIVATE', key: 'hr@employer.test', target: wallet });
const revoked = shareEvent('ShareRevoked', { by: indy.username });
const anyone = { kind: 'anonymous' } as const;
const invitee = { kind: 'user', username: 'HR@employer.test', name: 'Hannah Recruiter' } as const;

const { given } = deciderSpec(shareDecider, { givenAt: NOW });

describe('creating a share (verifications.md 2.12)', () => {
  it('a public share is keyed by its own token', () => {
    given([]).when(create()).thenMatches([{ type: 'ShareCreated', data: { type: 'PUBLIC', key: 'tok-1', target: oneVerification, expiresAt: null } }]);
  });

  it('a private share keeps the invitee e-mail trimmed and lower case', () => {
    const after = given([]).when(create({ shareType: 'PRIVATE', target: wallet, email: '  HR@Employer.test ' })).thenMatches([{ type: 'ShareCreated', data: { key: 'hr@employer.test', type: 'PRIVATE' } }]);
    expect(after.owner).toEqual({ companyId: 'c-indy', username: 'indy@mail.test', name: 'Indy Individual' });
  });

  it('refuses a missing, invalid or over-long e-mail, and the owner themself', () => {
    given([]).when(create({ shareType: 'PRIVATE', email: '' })).thenRefused('invalid', 'Please enter an email address.');
    given([]).when(create({ shareType: 'PRIVATE', email: 'not an email' })).thenRefused('invalid', 'Please enter a valid email address.');
    given([]).when(create({ shareType: 'PRIVATE', email: `${'a'.repeat(491)}@mail.test` })).thenRefused('invalid', 'at most 500 characters');
    given([]).when(create({ shareType: 'PRIVATE', email: 'Indy@Mail.test' })).thenRefused('invalid', 'your own email');
  });

  it('accounts with sharing disabled cannot share', () => {
    given([]).when(create({ owner: { ...indy, sharingDisabled: true } })).thenRefused('forbidden', 'Sharing is not available');
  });

  it('takes an expiry in the future only', () => {
    given([]).when(create({ expiresAt: LATER })).thenMatches([{ type: 'ShareCreated', data: { expiresAt: LATER } }]);
    given([]).when(create({ expiresAt: NOW })).thenRefused('invalid', 'in the future');
  });

  it('is created once', () => {
    given([created()]).when(create()).thenRefused('conflict');
  });
});

describe('opening a share', () => {
  it('anyone with a public link opens it, and the view is counted without saying who', () => {
    const after = given([created()]).when({ type: 'ViewShare', viewer: anyone, now: NOW }).then([{ type: 'ShareViewed', data: { via: 'PUBLIC_LINK' } }]);
    expect(after.viewCount).toBe(1);
    expect(after.lastViewed).toBe(NOW);
  });

  it('an unknown, revoked or expired share is gone (the 204 text)', () => {
    given([]).when({ type: 'ViewShare', viewer: anyone, now: NOW }).thenRefused('not-found', 'stopped sharing');
    given([created(), revoked]).when({ type: 'ViewShare', viewer: anyone, now: NOW }).thenRefused('not-found');
    given([created({ expiresAt: LATER })]).when({ type: 'ViewShare', viewer: anyone, now: NOW }).thenMatches([{ type: 'ShareViewed' }]);
    given([created({ expiresAt: LATER })]).when({ type: 'ViewShare', viewer: anyone, now: LATER }).thenRefused('not-found');
  });

  it('a private share opens only for the invited e-mail, and its first opening accepts it', () => {
    given([privately]).when({ type: 'ViewShare', viewer: anyone, now: NOW }).thenRefused('not-found');
    given([privately]).when({ type: 'ViewShare', viewer: { kind: 'user', username: 'someone@else.test', name: 'S' }, now: NOW }).thenRefused('not-found');
    const accepted = given([privately]).when({ type: 'ViewShare', viewer: invitee, now: NOW });
    const after = accepted.thenMatches([
      { type: 'ShareAccepted', data: { username: 'hr@employer.test', name: 'Hannah Recruiter' } },
      { type: 'ShareViewed', data: { via: 'INVITEE' } },
    ]);
    expect(after.accepted?.name).toBe('Hannah Recruiter');
    given([privately, ...accepted.events()]).when({ type: 'ViewShare', viewer: invitee, now: NOW }).thenMatches([{ type: 'ShareViewed' }]);
  });
});

describe('revoking a share', () => {
  it('the owner revokes it once; another tenant is told it is not there', () => {
    const after = given([created()]).when({ type: 'RevokeShare', companyId: 'c-indy', username: indy.username }).thenMatches([{ type: 'ShareRevoked' }]);
    expect(after.revoked).toBe(NOW);
    given([created()]).when({ type: 'RevokeShare', companyId: 'c-acme', username: 'alice@acme.test' }).thenRefused('not-found');
    given([created(), revoked]).when({ type: 'RevokeShare', companyId: 'c-indy', username: indy.username }).thenRefused('not-found');
    given([]).when({ type: 'RevokeShare', companyId: 'c-indy', username: indy.username }).thenRefused('not-found');
  });
});

describe('the rules of 2.12', () => {
  it('only Verified results are visible through a wallet share', () => {
    expect(['VERIFIED', 'PENDING', 'NOT_VERIFIED', 'REJECTED', 'AWAITING_CONSENT'].filter(visibleThroughWalletShare)).toEqual(['VERIFIED']);
  });

  it('the first active public share is the one shown', () => {
    const s = (id: string, created: string, extra: Partial<{ type: string; revoked: string | null; expiresAt: string | null }> = {}) => ({ id, type: 'PUBLIC', created, revoked: null, expiresAt: null, ...extra });
    const shares = [s('b', '2026-11-02T00:00:00Z'), s('a', '2026-11-01T00:00:00Z', { revoked: '2026-11-03T00:00:00Z' }), s('p', '2026-10-01T00:00:00Z', { type: 'PRIVATE' }), s('c', '2026-11-03T00:00:00Z')];
    expect(shownPublicShare(shares, NOW)?.id).toBe('b');
    expect(shownPublicShare([s('x', '2026-11-01T00:00:00Z', { expiresAt: '2026-11-02T00:00:00Z' })], NOW)).toBeNull();
  });

  it('words the invitee and the characters left as the spec does', () => {
    expect(privateShareDetails('Hannah Recruiter')).toBe('Registered as Hannah Recruiter.');
    expect(privateShareDetails(null)).toBe('Invited, not yet registered.');
    expect(charactersLeft('abc')).toBe('497 character(s) left');
    expect(shareEmailProblem('a@b.co')).toBeNull();
  });
});
