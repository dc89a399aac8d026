import { awaitsResolver, DomainError, RESULT_ALIASES, RESULTS, type ResultList, type VerificationResult } from '@credence/domain';
import type { VerificationMeta } from '@credence/api-contract';
import type { VerificationDetailRow } from '@credence/read-models';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { ApplicationGateway } from '../../applications';
import { Actors } from '../commands/actors';
import { DocumentIntake } from '../commands/document-intake';
import { presentListRow, presentVerification } from '../http/verification.presenter';
import { filtersOf, flag, pagingOf, resultKeys } from '../http/list-params';
import { VerificationDetailQuery } from './verification-detail.query';
import { VerificationReaders } from './verification-readers';
import { VerificationListQuery, type ListScope } from './verification-list.query';

type Query = Record<string, unknown>;
const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

/** The read side of the HTTP API: scopes per caller, then the read models. */
@Injectable()
export class VerificationViews {
  constructor(
    private readonly lists: VerificationListQuery,
    private readonly details: VerificationDetailQuery,
    private readonly actors: Actors,
    private readonly readers: VerificationReaders,
    private readonly intake: DocumentIntake,
    private readonly applications: ApplicationGateway,
  ) {}

  /** A customer's scope: the company, narrowed to the user's own under Restricted User View. */
  private async customerScope(principal: Principal) {
    const company = await this.actors.company(principal);
    const actor = this.actors.customer(principal, company);
    const scope: ListScope = { kind: 'company', companyId: principal.companyId, ...(actor.seesAll ? {} : { requestedBy: principal.username }) };
    return { scope, company };
  }

  /** GET /verification (history, and the duplicate lookup). */
  async history(principal: Principal, q: Query) {
    const { scope, company } = await this.customerScope(principal);
    const page = await this.lists.list({ scope, ...filtersOf(q, { showDeleted: company.showDeleted }) }, pagingOf(q));
    let content = page.rows.map((r) => presentListRow(r, 'history'));
    if (flag(q, 'includeAuditHistory')) {
      const details = await this.details.many(page.rows.map((r) => r.id));
      content = content.map((c) => ({ ...c, auditEvents: details.get(c.id)?.timeline ?? [] }));
    }
    return { content, totalSize: page.totalSize, totalCapped: page.totalCapped, nextCursor: page.nextCursor };
  }

  /** GET /verification/summary: the same filters, counted per result. */
  async summary(principal: Principal, q: Query) {
    const { scope, company } = await this.customerScope(principal);
    const filters = filtersOf(q, { showDeleted: company.showDeleted });
    const counts = await this.lists.countByResult({ scope, ...filters, results: null });
    const wanted = filters.results ?? RESULTS.filter((r) => r !== 'DELETED' || filters.includeDeleted);
    const resultCounts = wanted.map((key) => ({ key, value: counts[key] ?? 0 }));
    return { totalSize: resultCounts.reduce((a, r) => a + r.value, 0), resultCounts };
  }

  /** GET /verification/meta?results=: counts per requested result (aliases as asked) and outstanding pendings. */
  async meta(principal: Principal, q: Query): Promise<VerificationMeta> {
    const { scope, company } = await this.customerScope(principal);
    const counts = await this.lists.countByResult({ scope });
    const keys = resultKeys(q);
    const asked = keys.length ? keys : [...RESULTS.filter((r) => r !== 'DELETED' || company.showDeleted)];
    const resultCounts = asked.map((key) => {
      const members: readonly string[] = RESULT_ALIASES[key] ?? [key];
      if (key === 'DELETED' && !company.showDeleted) return { key, value: 0 };
      return { key, value: members.reduce((a, r) => a + (counts[r] ?? 0), 0) };
    });
    const resolver = await this.actors.resolver(principal);
    const pendingCount = resolver
      ? await this.lists.awaitingCount(resolver.actor.kind === 'institute' ? resolver.actor.instituteIds : 'all')
      : 0;
    return { resultCounts, pendingCount };
  }

  /** The resolver's lists: pending (waiting for them) and resolved (by them and their team). */
  async resolverList(principal: Principal, q: Query, list: 'pending' | 'resolved') {
    const resolver = await this.actors.resolver(principal);
    if (!resolver) throw new DomainError('forbidden', 'Pending and resolved verifications are for institute accounts.', 'QC-NOT-RESOLVER');
    const instituteIds = resolver.actor.kind === 'institute' ? resolver.actor.instituteIds : 'all';
    const filters = filtersOf(q, { showDeleted: false });
    const results = list === 'resolved' ? filters.results?.filter((r) => r === 'VERIFIED' || r === 'REJECTED' || r === 'NOT_VERIFIED') : undefined;
    const page = await this.lists.list(
      { scope: { kind: 'resolver', instituteIds, list }, query: filters.query, from: filters.from, to: filters.to, results: results ?? null },
      pagingOf(q),
    );
    const label: ResultList = list;
    return { content: page.rows.map((r) => presentListRow(r, label)), totalSize: page.totalSize, totalCapped: page.totalCapped, nextCursor: page.nextCursor };
  }

  private async readable(principal: Principal, id: string): Promise<{ row: VerificationDetailRow; reader: 'customer' | 'resolver' | 'staff' | 'owner' }> {
    const row = await this.details.get(id);
    if (!row) throw notFound();
    const reader = await this.readers.readerOf(principal, row.state);
    if (reader) return { row, reader };
    if (row.state.result !== 'DELETED' && (await this.applications.ownerCanRead(principal.companyId, id))) return { row, reader: 'owner' };
    throw notFound();
  }

  /** GET /verification/{id}: the record, with its timeline; resolvers see it without prices. */
  async get(principal: Principal, id: string, options: { list?: ResultList } = {}) {
    const { row, reader } = await this.readable(principal, id);
    return presentVerification(row.state, {
      audience: reader,
      list: options.list ?? (reader === 'resolver' ? 'pending' : 'history'),
      // The applicant's own trail of actions is theirs: the organisation sees the record and its result.
      timeline: reader === 'owner' ? null : row.timeline,
    });
  }

  /** GET /verification/pending/{id}: only what waits for this resolver; resolved ones answer 204. */
  async pending(principal: Principal, id: string) {
    const { row, reader } = await this.readable(principal, id);
    if (reader === 'customer' || reader === 'owner') throw notFound();
    if (!awaitsResolver(row.state.stage, row.state.result)) return null;
    return presentVerification(row.state, { audience: reader, list: 'pending', timeline: row.timeline });
  }

  /** GET /verification/{id}/auditevent. */
  async timeline(principal: Principal, id: string) {
    const { row, reader } = await this.readable(principal, id);
    if (reader === 'owner') throw notFound();
    return { content: row.timeline };
  }

  /** The public resolve page: the request while it waits; null (204) once resolved or replaced. */
  async byResolveKey(key: string) {
    const found = await this.details.byResolveKey(key);
    if (!found) throw notFound();
    const s = found.row.state;
    if (s.resolveKeyHash !== found.keyHash || !awaitsResolver(s.stage, s.result)) return null;
    return presentVerification(s, { audience: 'public', list: 'pending' });
  }

  async document(principal: Principal, id: string, documentId: string) {
    const { row } = await this.readable(principal, id);
    return this.documentOf(row, documentId);
  }

  async documentByResolveKey(key: string, documentId: string) {
    const found = await this.details.byResolveKey(key);
    if (!found || found.row.state.resolveKeyHash !== found.keyHash) throw notFound();
    return this.documentOf(found.row, documentId);
  }

  private async documentOf(row: VerificationDetailRow, documentId: string) {
    const doc = row.state.documents.find((d) => d.id === documentId);
    if (!doc) throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    const bytes = await this.intake.read(doc);
    if (!bytes) throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    return { doc, bytes };
  }

  /** After a command: the record as the caller sees it. */
  async after(principal: Principal, id: string) {
    return this.get(principal, id);
  }

  /** Which results count as incomplete/action for menus: from the domain, for clients that ask. */
  static readonly aliases: Readonly<Record<string, readonly VerificationResult[]>> = RESULT_ALIASES;
}
