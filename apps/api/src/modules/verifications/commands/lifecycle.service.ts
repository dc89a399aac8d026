import {
  customerCanSee,
  DomainError,
  IDENTITY_MAINTENANCE,
  identityUnderMaintenance,
  instituteCanSee,
  type Accreditation,
  type Actor,
  type DocumentRef,
  type ResolutionResult,
  type VerificationCommand,
  type VerificationState,
  verificationDecider,
  verificationStream,
} from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { VerificationReactions } from '../jobs/verification-reactions';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../ports/identity-provider.port';
import { VerificationDetailQuery } from '../queries/verification-detail.query';
import { Actors } from './actors';
import { DocumentIntake } from './document-intake';
import { SubmissionService } from './submission.service';
import { onVerification, VerificationReadModels, type VerificationCommandContext, type VerificationCommandResult } from './verification-stream';

const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

export interface ResolutionInput {
  result: ResolutionResult;
  notes?: string | null;
  approvedByName?: string;
  approvedByTitle?: string;
  abp?: string | null;
}

/**
 * The rest of the lifecycle: documents, cancel, delete, resolution (logged in and by the public link), staff
 * actions, and identity capture. Each loads the stream, lets the domain decide, appends, reacts, and settles
 * the read models before answering.
 */
@Injectable()
export class LifecycleService {
  constructor(
    private readonly commands: CommandHandling,
    private readonly readModels: VerificationReadModels,
    private readonly actors: Actors,
    private readonly intake: DocumentIntake,
    private readonly reactions: VerificationReactions,
    private readonly submissions: SubmissionService,
    private readonly details: VerificationDetailQuery,
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
  ) {}

  private ctx(principal: Principal): VerificationCommandContext {
    return { commandId: randomUUID(), actor: principal.username, impersonator: principal.impersonator };
  }

  private async run(id: string, build: (s: VerificationState) => VerificationCommand[], ctx: VerificationCommandContext, resolveKey?: string) {
    const appended = await this.commands.handleCommand(onVerification(id, build, ctx));
    await this.reactions.after(appended, { resolveKey });
    await this.readModels.settle(appended.position);
    return appended;
  }

  async customerActor(principal: Principal) {
    return this.actors.customer(principal, await this.actors.company(principal));
  }

  /** POST /verification/{id}/document: a PDF for a requirement, or an additional one with the user's label. */
  async upload(principal: Principal, id: string, file: { bytes: Buffer; name?: string; requirementId?: string; filename?: string }): Promise<DocumentRef> {
    const actor = await this.customerActor(principal);
    const loaded = await this.commands.load(verificationStream(id), verificationDecider);
    if (!loaded.state.exists || loaded.state.result === 'DELETED' || !customerCanSee(loaded.state, actor)) throw notFound();
    const institute = await this.submissions.institute(loaded.state.institute?.id ?? null);
    const requirement = institute?.documentRequirements.find((r) => r.id === file.requirementId);
    if (file.requirementId && !requirement) throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    const document = await this.intake.store(id, file.bytes, {
      name: requirement?.name ?? file.name ?? 'Additional document',
      requirementId: requirement?.id ?? null,
      filename: file.filename ?? null,
    });
    let appended: VerificationCommandResult;
    try {
      // Decided on the state the blob was checked against: a concurrent change answers 409 rather than attach anyway.
      appended = await this.commands.handleCommand(
        onVerification(id, { type: 'AttachDocument', actor, document, requirements: institute?.documentRequirements ?? [] }, this.ctx(principal), { expectedRevision: loaded.revision }),
      );
    } catch (e) {
      // Refused (say, the verification is VERIFIED) or beaten by another writer: nothing references the blob.
      await this.intake.discard([document]);
      throw e;
    }
    // A document for a requirement replaces the one before it.
    await this.intake.discardRemoved(loaded.state, appended.events);
    await this.readModels.settle(appended.position);
    return appended.state.documents.find((d) => d.id === document.id)!;
  }

  /**
   * The DocumentRemoved event stays in the timeline, but the document can no longer be read through the API: its
   * bytes are deleted once the event is appended, rather than kept with nothing to serve them.
   */
  async removeDocument(principal: Principal, id: string, documentId: string) {
    const actor = await this.customerActor(principal);
    let before: VerificationState | undefined;
    const appended = await this.run(
      id,
      (s) => {
        before = s;
        return [{ type: 'RemoveDocument', actor, documentId }];
      },
      this.ctx(principal),
    );
    if (before) await this.intake.discardRemoved(before, appended.events);
  }

  async cancel(principal: Principal, id: string, reason: string | null) {
    const actor: Actor = principal.qcAdmin ? { kind: 'staff', username: principal.username } : await this.customerActor(principal);
    return this.run(id, () => [{ type: 'CancelVerification', actor, reason }], this.ctx(principal));
  }

  async delete(principal: Principal, id: string) {
    const actor = await this.customerActor(principal);
    return this.run(id, () => [{ type: 'DeleteVerification', actor }], this.ctx(principal));
  }

  /** PUT /verification/pending/{id}: an institute, a parent account or staff resolves. */
  async resolve(principal: Principal, id: string, input: ResolutionInput) {
    const resolver = await this.actors.resolver(principal);
    if (!resolver) throw notFound();
    const resolverName = resolver.actor.kind === 'staff' ? 'Credence' : resolver.company.name;
    return this.run(id, () => [this.resolveCommand(resolver.actor, input, resolverName)], this.ctx(principal));
  }

  /** The public resolve link: the key (>= 128 bits, only its hash is stored) stands in for a login. */
  async resolveByKey(key: string, input: ResolutionInput) {
    const found = await this.details.byResolveKey(key);
    if (!found) throw notFound();
    const actor: Actor = { kind: 'public-link', keyHash: found.keyHash };
    const state = found.row.state;
    const resolverName = (typeof state.fields.employerName === 'string' && state.fields.employerName) || state.institute?.name || 'Resolver';
    return this.run(found.row.id, () => [this.resolveCommand(actor, input, resolverName)], { commandId: randomUUID(), actor: 'public:resolve-link' });
  }

  private resolveCommand(actor: Actor, input: ResolutionInput, resolverName: string): VerificationCommand {
    return {
      type: 'ResolveVerification',
      actor,
      resolverName,
      resolution: {
        result: input.result,
        notes: input.notes ?? null,
        approvedByName: input.approvedByName ?? '',
        approvedByTitle: input.approvedByTitle ?? '',
        approvalProcess: input.abp ?? null,
      },
    };
  }

  /** POST /id/init: an applicant at the identity provider for the capture widget. */
  initIdentity(person: { firstname: string; lastname: string; dob: string }) {
    if (identityUnderMaintenance(new Date().toISOString())) throw new DomainError('unprocessable', IDENTITY_MAINTENANCE.message, 'QC-IDENTITY-MAINTENANCE');
    return this.identity.createApplicant(person);
  }

  // Staff actions (the console).
  private staff(principal: Principal): Actor {
    return { kind: 'staff', username: principal.username };
  }

  markUnable(principal: Principal, id: string, note: string | null) {
    return this.run(id, () => [{ type: 'MarkUnable', actor: this.staff(principal), note }], this.ctx(principal));
  }

  recordAccreditation(principal: Principal, id: string, accreditation: Accreditation) {
    return this.run(id, () => [{ type: 'RecordAccreditation', actor: this.staff(principal), accreditation }], this.ctx(principal));
  }

  addComment(principal: Principal, id: string, comment: string) {
    return this.run(id, () => [{ type: 'AddAdminComment', actor: this.staff(principal), comment }], this.ctx(principal));
  }

  /** Who may read a verification (view, timeline, documents): its customer, its resolver, staff. */
  async readerOf(principal: Principal, state: VerificationState): Promise<'customer' | 'resolver' | 'staff' | null> {
    if (principal.qcAdmin) return 'staff';
    const company = await this.actors.company(principal);
    const customer = this.actors.customer(principal, company);
    if (customerCanSee(state, customer) && (state.result !== 'DELETED' || company.showDeleted)) return 'customer';
    const institute = this.actors.institute(principal, company);
    // An institute sees what was sent to it for manual checking, pending or resolved.
    if (institute && instituteCanSee(state, institute) && (state.contact !== null || state.resolvedBy === 'INSTITUTE')) return 'resolver';
    return null;
  }
}
