import { awaitsResolver, DomainError, isPaymentEntry, type AuditEvent } from '@credence/domain';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { presentVerification } from '../../http/verification.presenter';
import { VerificationAccess, verificationNotFound } from '../verification-access';
import { GetPendingVerification, GetVerification, GetVerificationByResolveKey, GetVerificationDocument, GetVerificationTimeline } from '../verification.queries';

/** The Event History as a reader may see it: an institute resolving the request does not read how it was paid. */
const timelineFor = (reader: string, timeline: AuditEvent[]): AuditEvent[] =>
  reader === 'resolver' ? timeline.filter((e) => !isPaymentEntry(e)) : timeline;

@QueryHandler(GetVerification)
export class GetVerificationHandler implements IQueryHandler<GetVerification> {
  constructor(private readonly access: VerificationAccess) {}

  /** The record, with its timeline; resolvers see it without prices. */
  async execute({ principal, id, list }: GetVerification) {
    const { row, reader } = await this.access.readable(principal, id);
    return presentVerification(row.state, {
      // A referrer reads it as an application's owner does (read only, no prices), without the documents.
      audience: reader,
      list: list ?? (reader === 'resolver' ? 'pending' : 'history'),
      // The applicant's own trail of actions is theirs: the organisation sees the record and its result.
      timeline: reader === 'owner' || reader === 'referrer' ? null : timelineFor(reader, row.timeline),
    });
  }
}

@QueryHandler(GetPendingVerification)
export class GetPendingVerificationHandler implements IQueryHandler<GetPendingVerification> {
  constructor(private readonly access: VerificationAccess) {}

  /** Only what waits for this resolver; resolved ones answer null (204). */
  async execute({ principal, id }: GetPendingVerification) {
    const { row, reader } = await this.access.readable(principal, id);
    if (reader === 'customer' || reader === 'owner' || reader === 'referrer') throw verificationNotFound();
    if (!awaitsResolver(row.state.stage, row.state.result)) return null;
    return presentVerification(row.state, { audience: reader, list: 'pending', timeline: timelineFor(reader, row.timeline) });
  }
}

@QueryHandler(GetVerificationTimeline)
export class GetVerificationTimelineHandler implements IQueryHandler<GetVerificationTimeline> {
  constructor(private readonly access: VerificationAccess) {}

  async execute({ principal, id }: GetVerificationTimeline) {
    const { row, reader } = await this.access.readable(principal, id);
    if (reader === 'owner' || reader === 'referrer') throw verificationNotFound();
    return { content: timelineFor(reader, row.timeline) };
  }
}

@QueryHandler(GetVerificationByResolveKey)
export class GetVerificationByResolveKeyHandler implements IQueryHandler<GetVerificationByResolveKey> {
  constructor(private readonly access: VerificationAccess) {}

  /** The request while it waits; null (204) once resolved or replaced. */
  async execute({ key }: GetVerificationByResolveKey) {
    const found = await this.access.byResolveKey(key);
    if (!found) throw verificationNotFound();
    const s = found.row.state;
    if (s.resolveKeyHash !== found.keyHash || !awaitsResolver(s.stage, s.result)) return null;
    return presentVerification(s, { audience: 'public', list: 'pending' });
  }
}

@QueryHandler(GetVerificationDocument)
export class GetVerificationDocumentHandler implements IQueryHandler<GetVerificationDocument> {
  constructor(private readonly access: VerificationAccess) {}

  async execute({ access, documentId }: GetVerificationDocument) {
    if ('key' in access) {
      const found = await this.access.byResolveKey(access.key);
      if (!found || found.row.state.resolveKeyHash !== found.keyHash) throw verificationNotFound();
      return this.access.documentOf(found.row, documentId);
    }
    const { row, reader } = await this.access.readable(access.principal, access.id);
    // A referrer sees the record and its result, never the candidate's documents.
    if (reader === 'referrer') throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    return this.access.documentOf(row, documentId);
  }
}
