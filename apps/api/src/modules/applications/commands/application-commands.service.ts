import {
  APPLICATION_ERRORS,
  applicationDecider,
  applicationStream,
  applicationVisibleTo,
  customerCanSee,
  VerificationInvalid,
  type ApplicationActor,
  type ApplicationCommand,
  type ApplicationDocument,
  type ApplicationState,
} from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import type { Principal } from '../../../common/auth/principal';
import { checkPdf } from '../../verifications/commands/document-intake';
import { BLOB_STORE, type BlobStore } from '../../verifications/ports/blob-store.port';
import { applicationActorOf } from '../core/application-actor';
import { ApplicationMembers } from '../core/application-members';
import { CommandHandling } from '../../../infrastructure/command-handling/command-handling';
import { ApplicationReadModels, onApplication } from '../core/application-stream';

/** A document as PUT /application/{id} carries it: new ones with data, kept ones by id. */
export interface DocumentInput {
  id?: string;
  name?: string;
  filename?: string;
  requirementId?: string;
  bytes?: Buffer;
}

/**
 * The applicant's and the organisation's actions on an application (verifications.md 2.13, 7): details and
 * documents while open, the wallet verifications it includes, submitting, archiving. Each loads the stream,
 * lets the domain decide, appends and settles the read model before answering (mails follow from the events:
 * ApplicationJobsReactor).
 */
@Injectable()
export class ApplicationCommands {
  private readonly logger = new Logger('Applications');

  constructor(
    private readonly commands: CommandHandling,
    private readonly readModels: ApplicationReadModels,
    private readonly members: ApplicationMembers,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  private async run(principal: Principal, id: string, build: (s: ApplicationState) => ApplicationCommand[]) {
    const appended = await this.commands.handleCommand(onApplication(id, build, { commandId: randomUUID(), actor: principal.username, impersonator: principal.impersonator }));
    await this.readModels.settle(appended.position);
    return appended;
  }

  /** PUT /application/{id} with {fields, documents}: the applicant saves the details and documents asked for. */
  async saveDetails(principal: Principal, id: string, input: { fields?: Record<string, unknown>; documents?: DocumentInput[] }) {
    const actor = applicationActorOf(principal);
    const { state } = await this.commands.load(applicationStream(id), applicationDecider);
    this.assertVisible(state, actor);
    const stored: ApplicationDocument[] = [];
    try {
      for (const d of input.documents ?? []) if (d.bytes) stored.push(await this.storeDocument(state, d));
      const kept = new Set((input.documents ?? []).map((d) => d.id).filter(Boolean));
      const removed = input.documents ? state.documents.filter((d) => !kept.has(d.id)) : [];
      const appended = await this.run(principal, id, () => [
        ...(input.fields ? [{ type: 'SaveApplicationDetails' as const, actor, fields: input.fields }] : []),
        ...removed.map((d) => ({ type: 'RemoveApplicationDocument' as const, actor, documentId: d.id })),
        ...stored.map((document) => ({ type: 'AddApplicationDocument' as const, actor, document })),
      ]);
      await this.discard(removed.filter((d) => !appended.state.documents.some((k) => k.id === d.id)));
    } catch (e) {
      await this.discard(stored);
      throw e;
    }
  }

  /** POST /application/{id}/document: one PDF, for a requirement or with the applicant's own label. */
  async addDocument(principal: Principal, id: string, input: DocumentInput): Promise<ApplicationDocument> {
    const actor = applicationActorOf(principal);
    const { state } = await this.commands.load(applicationStream(id), applicationDecider);
    this.assertVisible(state, actor);
    const document = await this.storeDocument(state, input);
    try {
      await this.run(principal, id, () => [{ type: 'AddApplicationDocument', actor, document }]);
      return document;
    } catch (e) {
      await this.discard([document]);
      throw e;
    }
  }

  async removeDocument(principal: Principal, id: string, documentId: string) {
    const actor = applicationActorOf(principal);
    const appended = await this.run(principal, id, () => [{ type: 'RemoveApplicationDocument', actor, documentId }]);
    for (const event of appended.events) {
      if (event.type === 'ApplicationDocumentRemoved') await this.discard([{ blobKey: event.data.blobKey }]);
    }
  }

  /** PUT /application/{id}/verification: the applicant's own verifications the application shall include. */
  async selectVerifications(principal: Principal, id: string, verificationIds: string[]) {
    const actor = applicationActorOf(principal);
    const { state } = await this.commands.load(applicationStream(id), applicationDecider);
    this.assertVisible(state, actor);
    const ids = [...new Set(verificationIds.map((v) => String(v).trim()).filter(Boolean))];
    const states = await this.members.states(ids);
    const mine = (v: (typeof states)[number]) =>
      v.result !== 'DELETED' && customerCanSee(v, { kind: 'customer', companyId: principal.companyId, username: principal.username, seesAll: true });
    const missing = ids.filter((vid) => !states.some((s) => s.id === vid && mine(s)));
    if (missing.length) throw new VerificationInvalid(missing.map((vid) => ({ field: 'verifications', message: `Verification ${vid} was not found in your wallet.` })));
    await this.run(principal, id, () => [{ type: 'SelectVerifications', actor, verificationIds: ids }]);
  }

  /** PUT /application/{id} with {status: 'PENDING'}: the applicant submits what the application holds. */
  async submit(principal: Principal, id: string) {
    const actor = applicationActorOf(principal);
    const { state } = await this.commands.load(applicationStream(id), applicationDecider);
    this.assertVisible(state, actor);
    const members = await this.members.of(state.verificationIds);
    const appended = await this.run(principal, id, () => [{ type: 'SubmitApplication', actor, add: [], members }]);
    return appended;
  }

  /** PUT /application/{id} with {status: 'ARCHIVED'}: the organisation (or staff) archives it; the applicant is told. */
  async archive(principal: Principal, id: string) {
    const actor = applicationActorOf(principal);
    await this.run(principal, id, () => [{ type: 'ArchiveApplication', actor }]);
  }

  private assertVisible(state: ApplicationState, actor: ApplicationActor) {
    if (!state.exists || !applicationVisibleTo(state, actor)) throw APPLICATION_ERRORS.notFound();
  }

  private async storeDocument(state: ApplicationState, input: DocumentInput): Promise<ApplicationDocument> {
    const bytes = input.bytes!;
    checkPdf(bytes);
    const requirement = state.template.documentRequirements.find((r) => r.id === input.requirementId);
    if (input.requirementId && !requirement) throw APPLICATION_ERRORS.documentNotFound();
    const id = randomUUID();
    const blobKey = `applications/${state.id}/${id}.pdf`;
    await this.blobs.put(blobKey, bytes, 'application/pdf');
    // Labels of added documents are at most 30 characters (verifications.md 9).
    const name = (requirement?.name ?? input.name?.trim().slice(0, 30)) || 'Additional document';
    return {
      id,
      name,
      filename: (input.filename?.trim() || `${name.replace(/[^\w.-]+/g, '_')}.pdf`).slice(0, 200),
      requirementId: requirement?.id ?? null,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      blobKey,
    };
  }

  private async discard(docs: readonly Pick<ApplicationDocument, 'blobKey'>[]) {
    for (const d of docs) {
      await this.blobs.delete(d.blobKey).catch((e: Error) => this.logger.warn(`could not delete blob ${d.blobKey}: ${e.message}`));
    }
  }
}
