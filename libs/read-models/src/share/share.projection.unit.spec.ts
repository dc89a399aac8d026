import { shareEvent, type ShareCreated, type ShareEvent } from '@credence/domain';
import type { ProjectedEvent } from '../projection';
import { shareProjection, SHARE_VIEWS_KEPT, type ShareRow } from './share.projection';

let revision = 0n;
const projected = (e: ShareEvent, at: string, stream = 'share-tok-1'): ProjectedEvent => ({
  ...e,
  streamName: stream,
  revision: revision++,
  recordedAt: new Date(at),
  metadata: { eventId: `e${revision}`, correlationId: 'c', causationId: 'c', actor: 'indy@mail.test', occurredAt: at },
});
const created = shareEvent<ShareCreated>('ShareCreated', {
  shareId: 'tok-1',
  owner: { companyId: 'c-indy', username: 'indy@mail.test', name: 'Indy Individual' },
  target: { kind: 'WALLET', verificationId: null },
  type: 'PRIVATE',
  key: 'hr@employer.test',
  expiresAt: null,
});
const run = (events: [ShareEvent, string][]) =>
  events.reduce<ShareRow | null>((row, [e, at]) => {
    const p = projected(e, at);
    const [id] = shareProjection.rowIds(p);
    return shareProjection.evolve(row, p, id);
  }, null);

describe('share read model', () => {
  it('keeps a private share by owner, target and invitee, with who accepted it and when it was viewed', () => {
    const row = run([
      [created, '2026-11-25T10:00:00.000Z'],
      [shareEvent('ShareAccepted', { username: 'hr@employer.test', name: 'Hannah Recruiter' }), '2026-11-25T11:00:00.000Z'],
      [shareEvent('ShareViewed', { via: 'INVITEE' }), '2026-11-25T11:00:00.000Z'],
      [shareEvent('ShareViewed', { via: 'INVITEE' }), '2026-11-26T09:00:00.000Z'],
    ]);
    expect(row).toMatchObject({
      id: 'tok-1',
      ownerCompanyId: 'c-indy',
      targetKind: 'WALLET',
      verificationId: null,
      inviteeEmail: 'hr@employer.test',
      acceptedName: 'Hannah Recruiter',
      viewCount: 2,
      lastViewed: '2026-11-26T09:00:00.000Z',
      views: ['2026-11-26T09:00:00.000Z', '2026-11-25T11:00:00.000Z'],
      revoked: null,
    });
  });

  it('marks a revoked share and keeps only the latest view dates', () => {
    const views = Array.from({ length: SHARE_VIEWS_KEPT + 5 }, (_, i): [ShareEvent, string] => [shareEvent('ShareViewed', { via: 'PUBLIC_LINK' }), new Date(Date.UTC(2026, 10, 1, i)).toISOString()]);
    const row = run([[{ ...created, data: { ...created.data, type: 'PUBLIC', key: 'tok-1' } }, '2026-11-01T00:00:00.000Z'], ...views, [shareEvent('ShareRevoked', { by: 'indy@mail.test' }), '2026-11-03T00:00:00.000Z']]);
    expect(row?.inviteeEmail).toBeNull();
    expect(row?.revoked).toBe('2026-11-03T00:00:00.000Z');
    expect(row?.viewCount).toBe(SHARE_VIEWS_KEPT + 5);
    expect(row?.views).toHaveLength(SHARE_VIEWS_KEPT);
    expect(row?.views[0]).toBe(views[views.length - 1][1]);
  });

  it('reads only share streams', () => {
    expect(shareProjection.rowIds(projected(created, '2026-11-25T10:00:00.000Z', 'verification-QC-1'))).toEqual([]);
  });
});
