import { DomainError, type Actor, type DocumentRef } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../../../common/auth/principal';
import { VerificationDetailQuery } from '../../queries/verification-detail.query';
import { Actors } from '../actors';
import { DocumentIntake } from '../document-intake';
import type { VerificationCommandContext } from '../verification-stream';
import { commandContext, VerificationWriter } from '../verification-writer';

const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

/** An output document as the upload routes receive it: the PDF's bytes, its label and file name. */
export interface OutputFile {
  bytes: Buffer;
  name?: string;
  filename?: string;
}

/**
 * POST /verification/pending/{id}/document: the institute (or parent account, or staff) resolving a pending request
 * attaches an output document (2.9: shown on the result card once resolved). PDF only, 5 MB: the same intake as the
 * customer's documents. Who may is the resolution's own rule (libs/domain): anyone else is told it does not exist.
 */
export class AttachOutputDocument extends Command<DocumentRef> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly file: OutputFile,
  ) {
    super();
  }
}

/** POST /verification/pending/key/{vkey}/document: the same through the public resolve link, the key for a login. */
export class AttachOutputDocumentByLink extends Command<DocumentRef> {
  constructor(
    readonly key: string,
    readonly file: OutputFile,
  ) {
    super();
  }
}

abstract class OutputDocumentWriter {
  constructor(
    protected readonly writer: VerificationWriter,
    protected readonly intake: DocumentIntake,
  ) {}

  /** The blob is stored first (after the PDF checks); a refused decision deletes it again. */
  protected async attach(id: string, actor: Actor, file: OutputFile, context: VerificationCommandContext): Promise<DocumentRef> {
    const document = await this.intake.store(id, file.bytes, { name: file.name ?? 'Output document', requirementId: null, filename: file.filename ?? null });
    try {
      const appended = await this.writer.run(id, { type: 'AttachOutputDocument', actor, document }, context);
      return appended.state.documents.find((d) => d.id === document.id) ?? document;
    } catch (e) {
      await this.intake.discard([document]);
      throw e;
    }
  }
}

@CommandHandler(AttachOutputDocument)
export class AttachOutputDocumentHandler extends OutputDocumentWriter implements ICommandHandler<AttachOutputDocument, DocumentRef> {
  constructor(
    private readonly actors: Actors,
    writer: VerificationWriter,
    intake: DocumentIntake,
  ) {
    super(writer, intake);
  }

  async execute({ principal, verificationId, file }: AttachOutputDocument): Promise<DocumentRef> {
    const resolver = await this.actors.resolver(principal);
    if (!resolver) throw notFound();
    return this.attach(verificationId, resolver.actor, file, commandContext(principal));
  }
}

@CommandHandler(AttachOutputDocumentByLink)
export class AttachOutputDocumentByLinkHandler extends OutputDocumentWriter implements ICommandHandler<AttachOutputDocumentByLink, DocumentRef> {
  constructor(
    private readonly details: VerificationDetailQuery,
    writer: VerificationWriter,
    intake: DocumentIntake,
  ) {
    super(writer, intake);
  }

  async execute({ key, file }: AttachOutputDocumentByLink): Promise<DocumentRef> {
    const found = await this.details.byResolveKey(key);
    if (!found) throw notFound();
    return this.attach(found.row.id, { kind: 'public-link', keyHash: found.keyHash }, file, { commandId: randomUUID(), actor: 'public:resolve-link' });
  }
}
