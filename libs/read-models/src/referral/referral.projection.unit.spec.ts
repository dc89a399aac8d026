import type { ProjectedEvent } from '../projection';
import { referralProjection, type ReferralRow } from './referral.projection';

let revision = 0n;
const at = '2026-11-20T10:00:00.000Z';
const projected = (type: string, data: Record<string, unknown>, stream: string): ProjectedEvent => ({
  type,
  schemaVersion: 1,
  data,
  streamName: stream,
  revision: revision++,
  recordedAt: new Date(at),
  metadata: { eventId: `e${revision}`, correlationId: 'c', causationId: 'c', actor: 'x', occurredAt: at },
} as unknown as ProjectedEvent);

const registered = (companyId: string, referralCode: string | null) =>
  projected('AccountRegistered', { userId: 'u', companyId, individual: false, referralCode, companyName: 'Northwind Ltd' }, `audit-${companyId}`);
const drafted = (id: string, companyId: string) =>
  projected('VerificationDrafted', { verificationId: id, companyId, companyName: 'Northwind Ltd', result: 'AWAITING_CONSENT' }, `verification-${id}`);
const submitted = (id: string) =>
  projected('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price: { currency: 'GBP', net: 50, vat: 10, total: 60, credits: 0 } }, `verification-${id}`);

/** Runs events through the projection as the runner does: context row first, then the rows named. */
function run(events: ProjectedEvent[]): Map<string, ReferralRow> {
  const table = new Map<string, ReferralRow>();
  for (const e of events) {
    const contextId = referralProjection.contextRowId?.(e) ?? null;
    const context = contextId ? (table.get(contextId) ?? null) : null;
    for (const id of referralProjection.rowIds(e, context)) {
      const next = referralProjection.evolve(table.get(id) ?? null, e, id, context);
      if (next) table.set(id, next);
      else table.delete(id);
    }
  }
  return table;
}

describe('referral read model', () => {
  it('keeps a referred organisation and the verifications it requests afterwards, with their price', () => {
    const table = run([registered('nw', 'ACME-REF'), drafted('V1', 'nw'), submitted('V1')]);
    expect(table.get('org:nw')).toMatchObject({ kind: 'ORGANISATION', referralCode: 'ACME-REF', companyName: 'Northwind Ltd', organisationType: 'C' });
    expect(table.get('ver:V1')).toMatchObject({ kind: 'VERIFICATION', referralCode: 'ACME-REF', companyId: 'nw', verificationId: 'V1', currency: 'GBP', total: 60 });
  });

  it('ignores organisations registered without a referral and their verifications', () => {
    const table = run([registered('plain', null), drafted('V2', 'plain'), submitted('V2')]);
    expect(table.size).toBe(0);
  });

  it('does not follow verifications requested before the organisation was referred', () => {
    const table = run([drafted('V3', 'late'), registered('late', 'ACME-REF'), submitted('V3')]);
    expect([...table.keys()]).toEqual(['org:late']);
  });
});
