import {
  isVerificationEvent,
  resultChange,
  VERIFICATION_EVENT_TYPES,
  VERIFICATION_STREAM_PREFIX,
  type InstituteRef,
  type InvoiceIssued,
  type VerificationResult,
} from '@credence/domain';
import type { ProjectedEvent, Projection, Row } from '../projection';
import { dayOf, GRAINS, periodOf, type Grain } from './calendar';

/**
 * The analytics read model (money-and-insights 2.5, 2.15-2.18): one table of small counters that the analytics
 * calls sum over a few hundred rows instead of grouping a company's whole verification list on every request.
 *
 * Two kinds of row share it (one table, one projection runner, one connection of the pool):
 * - VERIFICATION, one per verification (`v|QCID`): the day it was recorded, who asked, its type, institute and
 *   country and its current result. It is the context row: a later event (a resolution, say) reads from it which
 *   counters to move, since the event alone does not say when the verification was recorded.
 * - COUNTER (`c|company|scope|grain|period|dim|key`): per company ('*' for the whole company, or one requester for a
 *   restricted view), per UTC day, week (keyed by its Monday) or month, per dimension:
 *   - `result`: verifications recorded in the period by their current result;
 *   - `volume` (key '*', company-wide only): verifications recorded in the period, whatever their result: what the
 *     `result` rows sum to, kept as one row per period so that the volume chart and the overview tiles, the reads
 *     every home page makes, read one row per period instead of one per result (a year by week: 52 rows, not 400).
 *     Not per requester: those rows would nearly double the table (a user's day has a result or two) and the
 *     projection's writes, for a restricted view whose own result rows are few;
 *   - `type`, `country`: verifications recorded in the month by type and by the institute's country;
 *   - `revenue`: what the company's orders cost (subtotal + VAT, whatever paid it) by the invoice's day;
 *   - global rows (company '*') `institute`, `country-outcome`: completions in the month with the summed turnaround
 *     (submitted -> completed, seconds), Not Verified outcomes and not-accredited institutions (fraud-rate inputs).
 *
 * A verification counts from its submission: drafts (AWAITING_CONSENT) and deleted ones are left out.
 */
export type AnalyticsDimension = 'result' | 'volume' | 'type' | 'country' | 'revenue' | 'institute' | 'country-outcome';

export interface AnalyticsRow extends Row {
  id: string;
  kind: 'VERIFICATION' | 'COUNTER';
  companyId: string;
  /** COUNTER: '*' or the requester's username; VERIFICATION: the requester. */
  scope: string;
  grain: Grain | null;
  /** COUNTER: the period's first day; VERIFICATION: the UTC day it was recorded. */
  period: string;
  dim: AnalyticsDimension | 'verification';
  /** COUNTER: the result, type, country, currency or institute id; VERIFICATION: its current result. */
  key: string;
  count: number;
  /** revenue: minor units; institute and country-outcome: summed turnaround in seconds. */
  amount: number;
  notVerified: number;
  notAccredited: number;
  applicationId: string | null;
  /** VERIFICATION only. */
  fact: VerificationFact | null;
}

export interface VerificationFact {
  [k: string]: unknown;
  type: string;
  instituteId: string | null;
  country: string | null;
  submittedAt: string | null;
}

export const ALL = '*';
export const factRowId = (verificationId: string) => `v|${verificationId}`;
export const counterRowId = (companyId: string, scope: string, grain: Grain, period: string, dim: AnalyticsDimension, key: string) =>
  `c|${companyId}|${scope}|${grain}|${period}|${dim}|${key}`;

/** Results that count as a verification in volume, charts and countries. */
export const isCounted = (result: string | null): boolean => !!result && result !== 'AWAITING_CONSENT' && result !== 'DELETED';

/** The VERIFICATIONS chart's five series (2.15) and the results each one gathers (4: ACTION = NOT_FOUND + REJECTED). */
export const RESULT_SERIES = {
  cancelledCount: ['CANCELLED'],
  notVerifiedCount: ['NOT_VERIFIED'],
  pendingCount: ['PENDING', 'UNABLE'],
  actionRequiredCount: ['NOT_FOUND', 'REJECTED'],
  verifiedCount: ['VERIFIED'],
} as const satisfies Record<string, readonly VerificationResult[]>;

interface Delta {
  companyId: string;
  scope: string;
  grain: Grain;
  period: string;
  dim: AnalyticsDimension;
  key: string;
  count: number;
  amount: number;
  notVerified: number;
  notAccredited: number;
}

const verificationIdOf = (event: ProjectedEvent) =>
  event.streamName.startsWith(VERIFICATION_STREAM_PREFIX) ? event.streamName.slice(VERIFICATION_STREAM_PREFIX.length) : null;

function add(deltas: Map<string, Delta>, d: Omit<Delta, 'count' | 'amount' | 'notVerified' | 'notAccredited'> & Partial<Delta>) {
  const id = counterRowId(d.companyId, d.scope, d.grain, d.period, d.dim, d.key);
  const prev = deltas.get(id);
  deltas.set(id, {
    ...d,
    count: (prev?.count ?? 0) + (d.count ?? 0),
    amount: (prev?.amount ?? 0) + (d.amount ?? 0),
    notVerified: (prev?.notVerified ?? 0) + (d.notVerified ?? 0),
    notAccredited: (prev?.notAccredited ?? 0) + (d.notAccredited ?? 0),
  });
}

/** Moves one verification in or out of the company's counters (sign +1 or -1) under the given result. */
function countVerification(deltas: Map<string, Delta>, fact: AnalyticsRow, result: string, sign: number, withDimensions: boolean) {
  const base = { companyId: fact.companyId, dim: 'result' as const, key: result, count: sign };
  for (const grain of GRAINS) {
    const period = periodOf(grain, fact.period);
    add(deltas, { ...base, scope: ALL, grain, period });
    add(deltas, { ...base, scope: fact.scope, grain, period });
  }
  if (!withDimensions) return;
  // In or out of the counted set (a result change within it moves no total).
  for (const grain of GRAINS) add(deltas, { ...base, dim: 'volume', key: ALL, scope: ALL, grain, period: periodOf(grain, fact.period) });
  const month = periodOf('M', fact.period);
  const f = fact.fact!;
  add(deltas, { companyId: fact.companyId, scope: ALL, grain: 'M', period: month, dim: 'type', key: f.type, count: sign });
  if (f.country) add(deltas, { companyId: fact.companyId, scope: ALL, grain: 'M', period: month, dim: 'country', key: f.country, count: sign });
}

function outcome(deltas: Map<string, Delta>, fact: AnalyticsRow, at: string, values: Partial<Delta>) {
  const month = periodOf('M', dayOf(at));
  const f = fact.fact!;
  if (f.instituteId) add(deltas, { companyId: ALL, scope: ALL, grain: 'M', period: month, dim: 'institute', key: f.instituteId, ...values });
  if (f.country) add(deltas, { companyId: ALL, scope: ALL, grain: 'M', period: month, dim: 'country-outcome', key: f.country, ...values });
}

/** What the event does to the counters, given the verification's row before it. */
export function counterDeltas(event: ProjectedEvent, fact: AnalyticsRow | null): Map<string, Delta> {
  const deltas = new Map<string, Delta>();
  if (event.type === 'InvoiceIssued') {
    const d = event.data as InvoiceIssued['data'];
    if (d.kind !== 'order') return deltas;
    const day = dayOf(event.metadata.occurredAt);
    for (const grain of GRAINS) {
      const amount = d.subtotalMinor + d.vatMinor;
      add(deltas, { companyId: d.companyId, scope: ALL, grain, period: periodOf(grain, day), dim: 'revenue', key: d.currency, count: 1, amount });
    }
    return deltas;
  }
  if (!fact || !isVerificationEvent(event)) return deltas;
  const at = event.metadata.occurredAt;
  if (event.type === 'VerificationUpdated' && event.data.changes.institute !== undefined && isCounted(fact.key)) {
    // A counted verification moved to another institute's country (not expected after submission, kept right anyway).
    const next = event.data.changes.institute?.countryName ?? null;
    if (next !== fact.fact!.country) {
      countVerification(deltas, fact, fact.key, -1, true);
      countVerification(deltas, withInstitute(fact, event.data.changes.institute ?? null), fact.key, 1, true);
    }
    return deltas;
  }
  if (event.type === 'AccreditationRecorded' && event.data.accreditation.status === 'NOT_ACCREDITED') {
    outcome(deltas, fact, at, { notAccredited: 1 });
    return deltas;
  }
  const change = resultChange(event);
  if (!change || change.result === fact.key) return deltas;
  const was = isCounted(fact.key);
  const is = isCounted(change.result);
  if (was) countVerification(deltas, fact, fact.key, -1, !is);
  if (is) countVerification(deltas, fact, change.result, 1, !was);
  if ((change.result === 'VERIFIED' || change.result === 'NOT_VERIFIED') && fact.fact!.submittedAt) {
    const seconds = Math.max(0, Math.round((Date.parse(at) - Date.parse(fact.fact!.submittedAt)) / 1000));
    outcome(deltas, fact, at, { count: 1, amount: seconds, notVerified: change.result === 'NOT_VERIFIED' ? 1 : 0 });
  }
  return deltas;
}

function withInstitute(fact: AnalyticsRow, institute: InstituteRef | null): AnalyticsRow {
  return { ...fact, fact: { ...fact.fact!, instituteId: institute?.id ?? null, country: institute?.countryName ?? null } };
}

function evolveFact(row: AnalyticsRow | null, event: ProjectedEvent, id: string): AnalyticsRow | null {
  if (!isVerificationEvent(event)) return row;
  if (event.type === 'VerificationDrafted') {
    const d = event.data;
    return {
      id,
      kind: 'VERIFICATION',
      companyId: d.companyId,
      scope: d.requestedBy,
      grain: null,
      period: dayOf(event.metadata.occurredAt),
      dim: 'verification',
      key: d.result,
      count: 1,
      amount: 0,
      notVerified: 0,
      notAccredited: 0,
      applicationId: d.applicationId,
      fact: { type: d.type, instituteId: d.institute?.id ?? null, country: d.institute?.countryName ?? null, submittedAt: null },
    };
  }
  if (!row) return null;
  let next = row;
  if (event.type === 'VerificationUpdated') {
    const c = event.data.changes;
    if (c.institute !== undefined) next = withInstitute(next, c.institute);
    if (c.applicationId !== undefined) next = { ...next, applicationId: c.applicationId };
  }
  if (event.type === 'VerificationSubmitted' && !next.fact!.submittedAt) {
    next = { ...next, fact: { ...next.fact!, submittedAt: event.metadata.occurredAt } };
  }
  const change = resultChange(event);
  if (change) next = { ...next, key: change.result };
  return next;
}

// rowIds and each counter's evolve need the same deltas: computed once per event (and its context row).
const cache = new WeakMap<ProjectedEvent, { fact: AnalyticsRow | null; deltas: Map<string, Delta> }>();
function deltasOf(event: ProjectedEvent, fact: AnalyticsRow | null) {
  const hit = cache.get(event);
  if (hit && hit.fact === fact) return hit.deltas;
  const deltas = counterDeltas(event, fact);
  cache.set(event, { fact, deltas });
  return deltas;
}

export const analyticsProjection: Projection<AnalyticsRow> = {
  name: 'analytics',
  // 2: the volume rows.
  version: 2,
  handles: [...VERIFICATION_EVENT_TYPES, 'InvoiceIssued'],
  contextRowId: (event) => {
    const id = verificationIdOf(event);
    return id ? factRowId(id) : null;
  },
  rowIds: (event, context) => {
    const verificationId = verificationIdOf(event);
    const counters = [...deltasOf(event, context ?? null).keys()];
    if (!verificationId) return counters;
    if (!context && event.type !== 'VerificationDrafted') return [];
    return [factRowId(verificationId), ...counters];
  },
  evolve: (row, event, id, context) => {
    if (id.startsWith('v|')) return evolveFact(row, event, id);
    const d = deltasOf(event, context ?? null).get(id);
    if (!d) return row;
    return {
      id,
      kind: 'COUNTER',
      companyId: d.companyId,
      scope: d.scope,
      grain: d.grain,
      period: d.period,
      dim: d.dim,
      key: d.key,
      count: (row?.count ?? 0) + d.count,
      amount: (row?.amount ?? 0) + d.amount,
      notVerified: (row?.notVerified ?? 0) + d.notVerified,
      notAccredited: (row?.notAccredited ?? 0) + d.notAccredited,
      applicationId: null,
      fact: null,
    };
  },
};
