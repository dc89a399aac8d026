import { verificationEvent as e, type InvoiceIssued, type VerificationEvent } from '@credence/domain';
import type { ProjectedEvent } from '../projection';
import { analyticsProjection, counterRowId, factRowId, type AnalyticsRow } from './analytics.projection';
import { lastPeriods, mondayOf, periodOf, shiftPeriod } from './calendar';

const institute = {
  id: 'uni-demo',
  name: 'University of Demo',
  names: ['University of Demo'],
  countryId: 'GB',
  countryName: 'United Kingdom',
  parentId: null,
  type: 'UNI' as const,
  allowsPending: true,
  maxAdditionalDocs: 5,
  listsDocuments: true,
};

const drafted = (id: string, requestedBy = 'alice@acme.test') =>
  e('VerificationDrafted', {
    person: { firstname: 'Jane', middlename: null, surname: 'Doe', dob: '1995-04-12' },
    fields: {},
    customerReference: null,
    applicationId: null,
    accreditationRequested: false,
    subjects: [],
    supplierId: null,
    result: 'AWAITING_CONSENT',
    previousResult: null,
    verificationId: id,
    companyId: 'acme',
    companyName: 'Acme',
    requestedBy,
    requestedByName: 'Alice',
    individual: false,
    type: 'UNI',
    institute,
  });
const submitted = e('VerificationSubmitted', {
  result: 'UNPAID',
  previousResult: 'AWAITING_CONSENT',
  price: { currency: 'GBP', net: 50, vat: 10, total: 60, credits: 0 },
});
const pending = (from: 'UNPAID' | 'REJECTED') =>
  e('SentForManualCheck', { result: 'PENDING', previousResult: from, reason: 'NO_RECORDS', contact: 'INSTITUTE', resolveKeyHash: 'h' });
const resolved = (result: 'VERIFIED' | 'NOT_VERIFIED' | 'REJECTED') =>
  e('VerificationResolved', {
    result,
    previousResult: 'PENDING',
    notes: null,
    approvedByName: 'Irene',
    approvedByTitle: 'Registrar',
    approvalProcess: null,
    resolvedBy: 'INSTITUTE',
    resolverCompanyId: 'uni-acc',
    resolverName: 'University of Demo',
  });

let seq = 0;
function at(stream: string, ev: VerificationEvent | InvoiceIssued, occurredAt: string): ProjectedEvent {
  seq += 1;
  return {
    ...ev,
    streamName: stream,
    revision: BigInt(seq),
    recordedAt: new Date(occurredAt),
    metadata: { eventId: `e${seq}`, correlationId: 'c', causationId: 'c', actor: 'alice@acme.test', tenantId: 'acme', occurredAt },
  };
}

/** Runs events the way the runner does: each event sees its verification's row as the events before it left it. */
function run(events: ProjectedEvent[]) {
  const rows = new Map<string, AnalyticsRow | null>();
  const p = analyticsProjection;
  for (const ev of events) {
    if (!p.handles.includes(ev.type)) continue;
    const contextId = p.contextRowId!(ev);
    const context = contextId ? (rows.get(contextId) ?? null) : null;
    for (const id of p.rowIds(ev, context)) rows.set(id, p.evolve(rows.get(id) ?? null, ev, id, context));
  }
  return rows;
}

const count = (rows: Map<string, AnalyticsRow | null>, id: string) => rows.get(id)?.count ?? 0;

describe('analytics calendar', () => {
  it('keys weeks by their Monday and months by their first day (UTC)', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23'); // Wednesday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // Sunday belongs to the week before
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
    expect(periodOf('M', '2026-02-28')).toBe('2026-02-01');
    expect(shiftPeriod('M', '2026-01-01', -1)).toBe('2025-12-01');
    expect(lastPeriods('W', '2026-11-25', 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(lastPeriods('D', '2026-03-01', 2)).toEqual(['2026-02-28', '2026-03-01']);
    expect(lastPeriods('M', '2026-01-15', 12)[0]).toBe('2025-02-01');
  });

  it("answers a chart's periods from today's cache, read-only, and works them out again for another day", () => {
    const year = lastPeriods('W', '2026-11-25', 52);
    expect(lastPeriods('W', '2026-11-25', 52)).toBe(year);
    expect(Object.isFrozen(year)).toBe(true);
    expect(year).toHaveLength(52);
    expect(year[51]).toBe('2026-11-23');
    expect(lastPeriods('W', '2026-11-30', 52)[51]).toBe('2026-11-30');
    expect(lastPeriods('W', '2026-11-25', 2)).toEqual(['2026-11-16', '2026-11-23']);
  });
});

describe('analytics read model', () => {
  const v1 = 'verification-QC1';
  const c = (grain: 'D' | 'W' | 'M', period: string, key: string, scope = '*') => counterRowId('acme', scope, grain, period, 'result', key);

  it('counts a verification from its submission, in the day, week and month it was recorded, by current result', () => {
    const rows = run([
      at(v1, drafted('QC1'), '2026-11-25T23:59:00.000Z'),
      at(v1, submitted, '2026-11-26T00:01:00.000Z'),
      at(v1, pending('UNPAID'), '2026-11-26T00:02:00.000Z'),
      at(v1, resolved('VERIFIED'), '2026-12-03T10:00:00.000Z'),
    ]);
    // Recorded on Wednesday 25 November: that day, the week of Monday 23 November, November.
    expect(count(rows, c('D', '2026-11-25', 'VERIFIED'))).toBe(1);
    expect(count(rows, c('W', '2026-11-23', 'VERIFIED'))).toBe(1);
    expect(count(rows, c('M', '2026-11-01', 'VERIFIED'))).toBe(1);
    expect(count(rows, c('D', '2026-11-25', 'VERIFIED', 'alice@acme.test'))).toBe(1);
    // It left UNPAID and PENDING behind; the draft never counted.
    expect(count(rows, c('D', '2026-11-25', 'PENDING'))).toBe(0);
    expect(count(rows, c('D', '2026-11-25', 'UNPAID'))).toBe(0);
    expect(rows.has(c('D', '2026-11-25', 'AWAITING_CONSENT'))).toBe(false);
    expect(rows.has(c('D', '2026-12-03', 'VERIFIED'))).toBe(false);
    expect(count(rows, counterRowId('acme', '*', 'M', '2026-11-01', 'type', 'UNI'))).toBe(1);
    expect(count(rows, counterRowId('acme', '*', 'M', '2026-11-01', 'country', 'United Kingdom'))).toBe(1);
    expect(rows.get(factRowId('QC1'))).toMatchObject({ key: 'VERIFIED', period: '2026-11-25', scope: 'alice@acme.test' });
  });

  it('keeps one company-wide volume row per period: the result rows summed, moved only when a verification enters or leaves the count', () => {
    const v2 = 'verification-QC2';
    const v3 = 'verification-QC3';
    const volume = (rows: Map<string, AnalyticsRow | null>, grain: 'D' | 'W' | 'M', period: string) =>
      count(rows, counterRowId('acme', '*', grain, period, 'volume', '*'));
    const rows = run([
      at(v1, drafted('QC1'), '2026-11-25T10:00:00.000Z'),
      at(v1, submitted, '2026-11-25T10:01:00.000Z'),
      at(v1, pending('UNPAID'), '2026-11-25T10:02:00.000Z'),
      at(v1, resolved('VERIFIED'), '2026-11-27T10:00:00.000Z'),
      at(v2, drafted('QC2', 'bob@acme.test'), '2026-11-26T10:00:00.000Z'),
      at(v2, submitted, '2026-11-26T10:01:00.000Z'),
      at(v2, e('VerificationDeleted', { result: 'DELETED', previousResult: 'UNPAID' }), '2026-11-26T11:00:00.000Z'),
      at(v3, drafted('QC3', 'bob@acme.test'), '2026-11-26T12:00:00.000Z'), // a draft: never counted
    ]);
    expect(volume(rows, 'D', '2026-11-25')).toBe(1);
    expect(volume(rows, 'D', '2026-11-26')).toBe(0);
    expect(volume(rows, 'W', '2026-11-23')).toBe(1);
    expect(volume(rows, 'M', '2026-11-01')).toBe(1);
    expect(rows.has(counterRowId('acme', 'alice@acme.test', 'M', '2026-11-01', 'volume', '*'))).toBe(false); // company-wide only
    // The same total as the result rows of the period.
    const results = [...rows.values()].filter((r) => r?.dim === 'result' && r.grain === 'M' && r.scope === '*');
    expect(results.reduce((s, r) => s + r!.count, 0)).toBe(volume(rows, 'M', '2026-11-01'));
  });

  it('records turnaround (submitted -> completed) and outcome per institute and country in the month of completion', () => {
    const v2 = 'verification-QC2';
    const rows = run([
      at(v1, drafted('QC1'), '2026-11-01T08:00:00.000Z'),
      at(v1, submitted, '2026-11-01T09:00:00.000Z'),
      at(v1, pending('UNPAID'), '2026-11-01T09:00:01.000Z'),
      at(v1, resolved('VERIFIED'), '2026-11-03T09:00:00.000Z'), // 2 days
      at(v2, drafted('QC2'), '2026-11-02T09:00:00.000Z'),
      at(v2, submitted, '2026-11-02T09:00:00.000Z'),
      at(v2, pending('UNPAID'), '2026-11-02T09:00:01.000Z'),
      at(v2, resolved('REJECTED'), '2026-11-03T09:00:00.000Z'), // action required: not a completion
      at(v2, pending('REJECTED'), '2026-11-04T09:00:00.000Z'),
      at(v2, { ...resolved('NOT_VERIFIED') }, '2026-11-06T09:00:00.000Z'), // 4 days after submission
      at(v2, e('AccreditationRecorded', { accreditation: { status: 'NOT_ACCREDITED', authority: null, approvedDate: null, url: null } }), '2026-11-06T10:00:00.000Z'),
    ]);
    const institute = rows.get(counterRowId('*', '*', 'M', '2026-11-01', 'institute', 'uni-demo'))!;
    expect(institute).toMatchObject({ count: 2, amount: 6 * 86400, notVerified: 1, notAccredited: 1 });
    expect(rows.get(counterRowId('*', '*', 'M', '2026-11-01', 'country-outcome', 'United Kingdom'))).toMatchObject({ count: 2, notVerified: 1 });
    expect(count(rows, c('M', '2026-11-01', 'NOT_VERIFIED'))).toBe(1);
    expect(count(rows, c('M', '2026-11-01', 'REJECTED'))).toBe(0);
  });

  it('leaves deleted verifications out of every count, and moves a draft to another country before it counts', () => {
    const rows = run([
      at(v1, drafted('QC1'), '2026-11-01T08:00:00.000Z'),
      at(v1, e('VerificationUpdated', { changes: { institute: { ...institute, id: 'uni-fr', countryName: 'France' } } }), '2026-11-01T08:01:00.000Z'),
      at(v1, submitted, '2026-11-01T09:00:00.000Z'),
      at(v1, e('VerificationDeleted', { result: 'DELETED', previousResult: 'UNPAID' }), '2026-11-02T09:00:00.000Z'),
    ]);
    expect(count(rows, c('M', '2026-11-01', 'UNPAID'))).toBe(0);
    expect(count(rows, counterRowId('acme', '*', 'M', '2026-11-01', 'country', 'France'))).toBe(0);
    expect(rows.get(counterRowId('acme', '*', 'M', '2026-11-01', 'country', 'France'))).toBeDefined(); // it counted, then left
    expect(rows.has(counterRowId('acme', '*', 'M', '2026-11-01', 'country', 'United Kingdom'))).toBe(false);
  });

  it("sums what the company's orders cost per day from InvoiceIssued, credit purchases left out", () => {
    const invoice = (kind: 'order' | 'credit', subtotalMinor: number, vatMinor: number): InvoiceIssued => ({
      type: 'InvoiceIssued',
      schemaVersion: 1,
      data: {
        invoiceId: `INV-${kind}-${subtotalMinor}`,
        companyId: 'acme',
        kind,
        billing: 'card',
        currency: 'GBP',
        individual: false,
        company: { name: 'Acme', vatId: null, addressStreet1: null, addressStreet2: null, addressStreet3: null, addressCity: null, addressPostCode: null, addressCountry: { id: 'GB', name: 'United Kingdom' } },
        items: [],
        vatRatePercent: 20,
        subtotalMinor,
        vatMinor,
        creditUsedMinor: 0,
        totalMinor: subtotalMinor + vatMinor,
      },
    });
    const rows = run([
      at('invoice-1', invoice('order', 5000, 1000), '2026-11-25T10:00:00.000Z'),
      at('invoice-2', invoice('order', 2500, 500), '2026-11-25T11:00:00.000Z'),
      at('invoice-3', invoice('credit', 10000, 2000), '2026-11-25T12:00:00.000Z'),
    ]);
    expect(rows.get(counterRowId('acme', '*', 'D', '2026-11-25', 'revenue', 'GBP'))).toMatchObject({ count: 2, amount: 9000 });
    expect(rows.get(counterRowId('acme', '*', 'W', '2026-11-23', 'revenue', 'GBP'))).toMatchObject({ amount: 9000 });
  });

  it('ignores events of a verification it never saw drafted', () => {
    expect(run([at(v1, resolved('VERIFIED'), '2026-11-03T09:00:00.000Z')]).size).toBe(0);
  });
});
