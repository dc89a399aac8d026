import { verificationEvent as e, type VerificationEvent } from '@credence/domain';
import type { ProjectedEvent, Row } from '../projection';
import type { Projection } from '../projection';
import { verificationCountsProjection } from './verification-counts.projection';
import { verificationDetailProjection } from './verification-detail.projection';
import { verificationListProjection, type VerificationListRow } from './verification-list.projection';
import { verificationResolveKeysProjection } from './verification-resolve-keys.projection';

const institute = { id: 'uni-demo', name: 'University of Demo', names: ['University of Demo'], countryId: 'GB', countryName: 'United Kingdom', parentId: null, type: 'UNI' as const, allowsPending: true, maxAdditionalDocs: 5, listsDocuments: true };

const history: VerificationEvent[] = [
  e('VerificationDrafted', {
    person: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1995-04-12' }, fields: { gradYear: 2017 }, customerReference: 'REF-9', applicationId: null,
    accreditationRequested: false, subjects: [], supplierId: null, result: 'AWAITING_CONSENT', previousResult: null, verificationId: 'QC1', companyId: 'acme',
    companyName: 'Acme', requestedBy: 'alice@acme.test', requestedByName: 'Alice Archer', individual: false, type: 'UNI', institute,
  }),
  e('VerificationSubmitted', { result: 'UNPAID', previousResult: 'AWAITING_CONSENT', price: { currency: 'GBP', net: 50, vat: 10, total: 60, credits: 0 } }),
  e('VerificationPaid', { payment: { method: 'CARD', invoiceId: 'INV-1', amount: 60, currency: 'GBP', credits: 0 } }),
  e('SentForManualCheck', { result: 'PENDING', previousResult: 'UNPAID', reason: 'NO_RECORDS', contact: 'INSTITUTE', resolveKeyHash: 'h1' }),
  e('VerificationResolved', { result: 'REJECTED', previousResult: 'PENDING', notes: 'Unsigned', approvedByName: 'Irene', approvedByTitle: 'Registrar', approvalProcess: null, resolvedBy: 'INSTITUTE', resolverCompanyId: 'uni-acc', resolverName: 'University of Demo' }),
  e('VerificationResubmitted', { changes: { person: { firstname: 'Janet', middlename: null, surname: 'Doe', dob: '1995-04-12' } }, retriesLeft: 0, from: 'REJECTED' }),
  e('SentForManualCheck', { result: 'PENDING', previousResult: 'REJECTED', reason: 'RESUBMITTED', contact: 'INSTITUTE', resolveKeyHash: 'h2' }),
];

const projected = (events: VerificationEvent[]): ProjectedEvent[] =>
  events.map((ev, i) => ({
    ...ev,
    streamName: 'verification-QC1',
    revision: BigInt(i),
    recordedAt: new Date(),
    metadata: { eventId: `e${i}`, correlationId: 'c', causationId: 'c', actor: i === 4 ? 'irene@uni-demo.test' : 'alice@acme.test', tenantId: 'acme', occurredAt: `2026-11-20T10:00:0${i}.000Z` },
  }));

function run<R extends Row>(p: Projection<R>, events: ProjectedEvent[]) {
  const rows = new Map<string, R | null>();
  for (const ev of events) {
    if (!p.handles.includes(ev.type) && !p.handles.includes('*')) continue;
    for (const id of p.rowIds(ev)) rows.set(id, p.evolve(rows.get(id) ?? null, ev, id));
  }
  return rows;
}

describe('verification read models', () => {
  it('list row: current result, resolver waiting, last resolution kept, search text', () => {
    const row = run(verificationListProjection, projected(history)).get('QC1') as VerificationListRow;
    expect(row).toMatchObject({
      result: 'PENDING',
      stage: 'MANUAL_CHECK',
      awaitingResolver: true,
      resolvedResult: 'REJECTED',
      resolverCompanyId: 'uni-acc',
      firstname: 'Janet',
      instituteId: 'uni-demo',
      recorded: '2026-11-20T10:00:00.000Z',
      search: 'janet doe qc1 ref-9',
    });
  });

  it('detail row: the domain state and a timeline line per event', () => {
    const row = run(verificationDetailProjection, projected(history)).get('QC1')!;
    expect(row.state).toMatchObject({ result: 'PENDING', resolveKeyHash: 'h2', notes: 'Unsigned', approvedByName: 'Irene' });
    expect(row.timeline).toHaveLength(history.length);
    expect(row.timeline[4]).toMatchObject({ type: 'VERIFICATION_INSTITUTE_ACTION', event: 'Irene (Registrar), University of Demo, changed status to Action Required.' });
  });

  it('counts per company and result move with each change', () => {
    const rows = run(verificationCountsProjection, projected(history));
    const counts = Object.fromEntries([...rows.values()].map((r) => [r!.result, r!.count]));
    expect(counts).toEqual({ AWAITING_CONSENT: 0, UNPAID: 0, PENDING: 1, REJECTED: 0 });
  });

  it('every issued resolve key finds its verification', () => {
    const rows = run(verificationResolveKeysProjection, projected(history));
    expect([...rows.keys()]).toEqual(['h1', 'h2']);
    expect(rows.get('h1')).toMatchObject({ verificationId: 'QC1' });
  });
});
