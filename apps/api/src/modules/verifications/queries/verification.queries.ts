import type { ResultList } from '@credence/domain';
import type { Principal } from '../../../common/auth/principal';
import type { ListQuery } from '../../../common/http/list-query';
import type { ResolverListQueryDto, VerificationListQueryDto, VerificationMetaQueryDto } from '../dto/verification-queries.dto';
import type { AdminSort } from './verification-list.query';

/** The reads of the verifications API, each answered by one @QueryHandler from the read models. */

/** GET /verification: the customer's history (and the duplicate lookup). */
export class ListVerificationHistory {
  constructor(readonly principal: Principal, readonly query: VerificationListQueryDto) {}
}

/** GET /verification/summary: the same filters, counted per result. */
export class SummariseVerifications {
  constructor(readonly principal: Principal, readonly query: VerificationListQueryDto) {}
}

/** GET /verification/meta: counts per result asked for, and the resolver's outstanding pendings. */
export class CountVerifications {
  constructor(readonly principal: Principal, readonly query: VerificationMetaQueryDto) {}
}

/** GET /verification/pending and /resolved: what waits for this resolver, and what they resolved. */
export class ListResolverVerifications {
  constructor(readonly principal: Principal, readonly query: ResolverListQueryDto, readonly list: 'pending' | 'resolved') {}
}

/** GET /verification/{id} (and the record after a command). */
export class GetVerification {
  constructor(readonly principal: Principal, readonly id: string, readonly list?: ResultList) {}
}

/** GET /verification/pending/{id}: null (204) once resolved. */
export class GetPendingVerification {
  constructor(readonly principal: Principal, readonly id: string) {}
}

/** GET /verification/{id}/auditevent. */
export class GetVerificationTimeline {
  constructor(readonly principal: Principal, readonly id: string) {}
}

/** GET /verification/pending/key/{vkey}: the public resolve page; null (204) once resolved. */
export class GetVerificationByResolveKey {
  constructor(readonly key: string) {}
}

/** A stored document of a verification, by id (signed in) or through the resolve link's key. */
export class GetVerificationDocument {
  constructor(readonly access: { principal: Principal; id: string } | { key: string }, readonly documentId: string) {}
}

/** GET /admin/verifications: one page of the staff list. */
export class ListVerificationsForStaff {
  constructor(readonly query: ListQuery<Exclude<AdminSort, 'id'>>) {}
}

/** GET /admin/verifications/{id}/timeline: the stream's events as recorded. */
export class GetVerificationEvents {
  constructor(readonly id: string) {}
}
