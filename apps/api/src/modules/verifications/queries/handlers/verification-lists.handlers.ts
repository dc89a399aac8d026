import { DomainError, RESULT_ALIASES, RESULTS, type ResultList } from '@credence/domain';
import type { VerificationMeta } from '@credence/api-contract';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { filtersOf, flag, pagingOf, resultKeys } from '../../http/list-params';
import { presentListRow } from '../../http/verification.presenter';
import { VerificationAccess } from '../verification-access';
import { VerificationDetailQuery } from '../verification-detail.query';
import { VerificationListQuery } from '../verification-list.query';
import { CountVerifications, ListResolverVerifications, ListVerificationHistory, SummariseVerifications } from '../verification.queries';

type Dto = Record<string, unknown>;

@QueryHandler(ListVerificationHistory)
export class ListVerificationHistoryHandler implements IQueryHandler<ListVerificationHistory> {
  constructor(
    private readonly access: VerificationAccess,
    private readonly lists: VerificationListQuery,
    private readonly details: VerificationDetailQuery,
  ) {}

  async execute({ principal, query }: ListVerificationHistory) {
    const q = query as Dto;
    const { scope, company } = await this.access.customerScope(principal);
    const page = await this.lists.list({ scope, ...filtersOf(q, { showDeleted: company.showDeleted }) }, pagingOf(q));
    let content = page.rows.map((r) => presentListRow(r, 'history'));
    if (flag(q, 'includeAuditHistory')) {
      const details = await this.details.many(page.rows.map((r) => r.id));
      content = content.map((c) => ({ ...c, auditEvents: details.get(c.id)?.timeline ?? [] }));
    }
    return { content, totalSize: page.totalSize, totalCapped: page.totalCapped, nextCursor: page.nextCursor };
  }
}

@QueryHandler(SummariseVerifications)
export class SummariseVerificationsHandler implements IQueryHandler<SummariseVerifications> {
  constructor(
    private readonly access: VerificationAccess,
    private readonly lists: VerificationListQuery,
  ) {}

  async execute({ principal, query }: SummariseVerifications) {
    const { scope, company } = await this.access.customerScope(principal);
    const filters = filtersOf(query as Dto, { showDeleted: company.showDeleted });
    const counts = await this.lists.countByResult({ scope, ...filters, results: null });
    const wanted = filters.results ?? RESULTS.filter((r) => r !== 'DELETED' || filters.includeDeleted);
    const resultCounts = wanted.map((key) => ({ key, value: counts[key] ?? 0 }));
    return { totalSize: resultCounts.reduce((a, r) => a + r.value, 0), resultCounts };
  }
}

@QueryHandler(CountVerifications)
export class CountVerificationsHandler implements IQueryHandler<CountVerifications> {
  constructor(
    private readonly access: VerificationAccess,
    private readonly lists: VerificationListQuery,
  ) {}

  async execute({ principal, query }: CountVerifications): Promise<VerificationMeta> {
    const { scope, company } = await this.access.customerScope(principal);
    const counts = await this.lists.countByResult({ scope });
    const keys = resultKeys(query as Dto);
    const asked = keys.length ? keys : [...RESULTS.filter((r) => r !== 'DELETED' || company.showDeleted)];
    const resultCounts = asked.map((key) => {
      const members: readonly string[] = RESULT_ALIASES[key] ?? [key];
      if (key === 'DELETED' && !company.showDeleted) return { key, value: 0 };
      return { key, value: members.reduce((a, r) => a + (counts[r] ?? 0), 0) };
    });
    const institutes = await this.access.resolverInstitutes(principal);
    const pendingCount = institutes ? await this.lists.awaitingCount(institutes) : 0;
    return { resultCounts, pendingCount };
  }
}

@QueryHandler(ListResolverVerifications)
export class ListResolverVerificationsHandler implements IQueryHandler<ListResolverVerifications> {
  constructor(
    private readonly access: VerificationAccess,
    private readonly lists: VerificationListQuery,
  ) {}

  async execute({ principal, query, list }: ListResolverVerifications) {
    const instituteIds = await this.access.resolverInstitutes(principal);
    if (!instituteIds) throw new DomainError('forbidden', 'Pending and resolved verifications are for institute accounts.', 'QC-NOT-RESOLVER');
    const q = query as Dto;
    const filters = filtersOf(q, { showDeleted: false });
    const results = list === 'resolved' ? filters.results?.filter((r) => r === 'VERIFIED' || r === 'REJECTED' || r === 'NOT_VERIFIED') : undefined;
    const page = await this.lists.list(
      { scope: { kind: 'resolver', instituteIds, list }, query: filters.query, from: filters.from, to: filters.to, results: results ?? null },
      pagingOf(q),
    );
    const label: ResultList = list;
    return { content: page.rows.map((r) => presentListRow(r, label)), totalSize: page.totalSize, totalCapped: page.totalCapped, nextCursor: page.nextCursor };
  }
}
