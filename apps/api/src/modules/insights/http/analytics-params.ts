import type { AnalyticsRange } from '@credence/api-contract';
import { canUseAnalytics, DomainError } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import { RANGES, type AnalyticsScope } from '../queries/analytics-reads';
import type { TemplateFilterDto } from './analytics.dto';

/** The Applications view's "nothing selected" id (money 2.15): it selects no template. */
export const NO_TEMPLATE_SENTINEL = '999999999.9999';

const BY_COUNT: Record<string, AnalyticsRange> = { '30': 'DAILY', '52': 'WEEKLY', '12': 'MONTHLY12', '24': 'MONTHLY24' };

/** The range as a name (MONTHLY12, MONTHLY24, WEEKLY, DAILY) or as its period count (12, 24, 52, 30); MONTHLY12 by default. */
export function rangeOf(raw: unknown): AnalyticsRange {
  if (raw === undefined || raw === null || raw === '') return 'MONTHLY12';
  const text = String(raw).toUpperCase();
  if (text in RANGES) return text as AnalyticsRange;
  if (text in BY_COUNT) return BY_COUNT[text];
  throw new DomainError('invalid', 'The range must be one of MONTHLY12, MONTHLY24, WEEKLY or DAILY.');
}

/**
 * The company's verifications, or those of the selected templates' applications. No list or an empty one means
 * the whole company (the Verifications Overview); the sentinel alone selects nothing. Template ids are matched
 * against the caller's company's own templates only, so another company's id answers nothing.
 */
export function scopeOf(p: Principal, filter: TemplateFilterDto): AnalyticsScope {
  const ids = filter.templateIds?.map(String);
  if (!ids || ids.length === 0) return { kind: 'company', companyId: p.companyId };
  return { kind: 'templates', companyId: p.companyId, templateIds: ids.filter((id) => id !== NO_TEMPLATE_SENTINEL && Number(id) !== Number(NO_TEMPLATE_SENTINEL)) };
}

/** Analytics (access 6.2, money 6): non-individual team admins with hasAnalyticsAccess. */
export function assertAnalytics(p: Principal) {
  if (!canUseAnalytics(p)) throw new DomainError('forbidden', 'Analytics are available to administrators of organisations with analytics access.');
}

/** Download Reports (access 6.2): hasReportsAccess, for organisations. */
export function assertReports(p: Principal) {
  if (!p.hasReportsAccess || p.isIndividual) throw new DomainError('forbidden', 'Reports are available to organisations with reports access.');
}

/** The home page's volume chart (2.5): non-individuals whose paymentType is not NONE. */
export function assertHomeVolume(p: Principal) {
  if (p.isIndividual || p.paymentType === 'NONE') {
    throw new DomainError('forbidden', 'The volume chart is not available for this account.');
  }
}

export function whole(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new DomainError('invalid', `The ${name} parameter must be a whole number from ${min} to ${max}.`);
  return n;
}
