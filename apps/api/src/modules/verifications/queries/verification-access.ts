import { DomainError } from '@credence/domain';
import type { VerificationDetailRow } from '@credence/read-models';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { APPLICATION_MEMBERSHIP, type ApplicationMembership } from '../ports/application-membership.port';
import { REFERRAL_READERS, type ReferralReaders } from '../ports/referral-readers.port';
import { Actors } from '../commands/actors';
import { DocumentIntake } from '../commands/document-intake';
import { VerificationDetailQuery } from './verification-detail.query';
import { VerificationReaders } from './verification-readers';
import type { ListScope } from './verification-list.query';

export const verificationNotFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');
/**
 * `owner`: the organisation an application including it was made to. `referrer`: the organisation whose referral
 * brought the requesting organisation (its referral history row opens the record): read only, no prices, no
 * timeline, no documents.
 */
export type Reader = 'customer' | 'resolver' | 'staff' | 'owner' | 'referrer';

/** Who may read what, shared by the query handlers: a customer's scope, one readable record, its documents. */
@Injectable()
export class VerificationAccess {
  constructor(
    private readonly details: VerificationDetailQuery,
    private readonly actors: Actors,
    private readonly readers: VerificationReaders,
    private readonly intake: DocumentIntake,
    @Inject(APPLICATION_MEMBERSHIP) private readonly applications: ApplicationMembership,
    // Bound by the referrals module; absent where it is not loaded (then nobody reads as a referrer).
    @Optional() @Inject(REFERRAL_READERS) private readonly referrals?: ReferralReaders,
  ) {}

  /** A customer's scope: the company, narrowed to the user's own under Restricted User View. */
  async customerScope(principal: Principal) {
    const company = await this.actors.company(principal);
    const actor = this.actors.customer(principal, company);
    const scope: ListScope = { kind: 'company', companyId: principal.companyId, ...(actor.seesAll ? {} : { requestedBy: principal.username }) };
    return { scope, company };
  }

  /** The institutes a resolver answers for ('all' for staff), or null for a caller who resolves nothing. */
  async resolverInstitutes(principal: Principal): Promise<readonly string[] | 'all' | null> {
    const resolver = await this.actors.resolver(principal);
    if (!resolver) return null;
    return resolver.actor.kind === 'institute' ? resolver.actor.instituteIds : 'all';
  }

  /** One record from the detail read model, if this caller may read it, and as whom. */
  async readable(principal: Principal, id: string): Promise<{ row: VerificationDetailRow; reader: Reader }> {
    const row = await this.details.get(id);
    if (!row) throw verificationNotFound();
    const reader = await this.readers.readerOf(principal, row.state);
    if (reader) return { row, reader };
    if (row.state.result !== 'DELETED' && (await this.applications.ownerCanRead(principal.companyId, id))) return { row, reader: 'owner' };
    if (row.state.result !== 'DELETED' && (await this.referrals?.referrerCanRead(principal.companyId, id))) return { row, reader: 'referrer' };
    throw verificationNotFound();
  }

  /** The record behind a resolve link's key, with the key's hash to compare. */
  byResolveKey(key: string) {
    return this.details.byResolveKey(key);
  }

  async documentOf(row: VerificationDetailRow, documentId: string) {
    const doc = row.state.documents.find((d) => d.id === documentId);
    if (!doc) throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    const bytes = await this.intake.read(doc);
    if (!bytes) throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    return { doc, bytes };
  }
}
