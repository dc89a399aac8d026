import type { ProjectedEvent } from '../projection';
import { streamStatsProjection } from './stream-stats.projection';

const event = (streamName: string, revision: bigint, type: string, tenantId?: string): ProjectedEvent => ({
  streamName,
  revision,
  type,
  schemaVersion: 1,
  data: {},
  recordedAt: new Date('2026-01-01T00:00:00Z'),
  metadata: {
    eventId: `e-${revision}`,
    correlationId: 'c',
    causationId: 'c',
    actor: 'alice@acme.test',
    occurredAt: `2026-01-0${Number(revision) + 1}T00:00:00.000Z`,
    tenantId,
  },
});

describe('stream-stats projection', () => {
  const { evolve, rowIds } = streamStatsProjection;

  it('starts a row for a new stream, named by its category', () => {
    const e = event('verification-QC123', 0n, 'VerificationDrafted', 'acme');
    expect(rowIds(e)).toEqual(['verification-QC123']);
    expect(evolve(null, e, 'verification-QC123')).toEqual({
      id: 'verification-QC123',
      category: 'verification',
      eventCount: 1,
      lastType: 'VerificationDrafted',
      lastRevision: '0',
      lastOccurredAt: '2026-01-01T00:00:00.000Z',
      tenantId: 'acme',
    });
  });

  it('counts later events and keeps the tenant when a later event names none', () => {
    const first = evolve(null, event('invoice-7', 0n, 'InvoiceIssued', 'acme'), 'invoice-7');
    const second = evolve(first, event('invoice-7', 1n, 'InvoicePaid'), 'invoice-7');
    expect(second).toMatchObject({ eventCount: 2, lastType: 'InvoicePaid', lastRevision: '1', tenantId: 'acme' });
  });
});
