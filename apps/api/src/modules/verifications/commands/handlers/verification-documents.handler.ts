import { customerCanSee, documentRequirementsFor, DomainError, type DocumentRef } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import type { UploadDocumentDto } from '../../dto/submission.dto';
import { Actors } from '../actors';
import { bytesOfDataUrl, DocumentIntake, MAX_DOCUMENT_BYTES, tooLarge } from '../document-intake';
import { attachCommand } from '../inline-documents';
import { InstituteLookup } from '../institute-lookup';
import { commandContext, VerificationWriter } from '../verification-writer';
import type { VerificationCommandResult } from '../verification-stream';

const notFound = () => new DomainError('not-found', 'Verification not found.', 'QC-VERIFICATION-NOT-FOUND');

/** Multer's file as the upload route receives it. */
export interface UploadedPdf {
  buffer: Buffer;
  size: number;
  originalname: string;
}

/**
 * POST /verification/{id}/document: a PDF for a requirement, or an additional one with the user's label. The
 * request's two shapes are settled here, once: multipart (field `file`) or JSON with a data URL; the requirement
 * as `requirementId` or `id`; the file name as `filename` or the uploaded file's own name.
 */
export class AttachVerificationDocument extends Command<DocumentRef> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly file: { bytes: Buffer; name?: string; requirementId?: string; filename?: string },
  ) {
    super();
  }

  static fromRequest(principal: Principal, verificationId: string, body: UploadDocumentDto, file: UploadedPdf | undefined) {
    if (file && file.size > MAX_DOCUMENT_BYTES) throw tooLarge(file.size);
    const bytes = file ? file.buffer : bytesOfDataUrl(body.data);
    return new AttachVerificationDocument(principal, verificationId, {
      bytes,
      name: body.name,
      requirementId: body.requirementId ?? body.id,
      filename: body.filename ?? file?.originalname,
    });
  }
}

/** The blob is stored first; the decision, on the state it was checked against, references it or it is deleted. */
@CommandHandler(AttachVerificationDocument)
export class AttachVerificationDocumentHandler implements ICommandHandler<AttachVerificationDocument, DocumentRef> {
  constructor(
    private readonly actors: Actors,
    private readonly writer: VerificationWriter,
    private readonly institutes: InstituteLookup,
    private readonly intake: DocumentIntake,
  ) {}

  async execute({ principal, verificationId: id, file }: AttachVerificationDocument): Promise<DocumentRef> {
    const actor = await this.actors.customerOf(principal);
    const loaded = await this.writer.load(id);
    if (!loaded.state.exists || loaded.state.result === 'DELETED' || !customerCanSee(loaded.state, actor)) throw notFound();
    const institute = await this.institutes.get(loaded.state.institute?.id ?? null);
    // The requirements for the verification's fields as saved: a doctorate's Doctoral Degree Confirmation is one.
    const requirements = institute ? documentRequirementsFor(institute, loaded.state.fields) : [];
    const requirement = requirements.find((r) => r.id === file.requirementId);
    if (file.requirementId && !requirement) throw new DomainError('not-found', 'Document not found.', 'QC-DOCUMENT-NOT-FOUND');
    const document = await this.intake.store(id, file.bytes, {
      name: requirement?.name ?? file.name ?? 'Additional document',
      requirementId: requirement?.id ?? null,
      filename: file.filename ?? null,
    });
    let appended: VerificationCommandResult;
    try {
      // Decided on the state the blob was checked against: a concurrent change answers 409 rather than attach anyway.
      // A document for a requirement replaces the one before it (whose blob is deleted).
      appended = await this.writer.run(id, attachCommand(actor, document, requirements), commandContext(principal), { expectedRevision: loaded.revision, before: loaded.state });
    } catch (e) {
      // Refused (say, the verification is VERIFIED) or beaten by another writer: nothing references the blob.
      await this.intake.discard([document]);
      throw e;
    }
    return appended.state.documents.find((d) => d.id === document.id)!;
  }
}

/** DELETE /verification/{id}/document/{docId}: the document leaves the verification and its bytes are deleted. */
export class RemoveVerificationDocument extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly verificationId: string,
    readonly documentId: string,
  ) {
    super();
  }
}

/**
 * The DocumentRemoved event stays in the timeline, but the document can no longer be read through the API: its
 * bytes are deleted once the event is appended, rather than kept with nothing to serve them.
 */
@CommandHandler(RemoveVerificationDocument)
export class RemoveVerificationDocumentHandler implements ICommandHandler<RemoveVerificationDocument, void> {
  constructor(
    private readonly actors: Actors,
    private readonly writer: VerificationWriter,
  ) {}

  async execute({ principal, verificationId, documentId }: RemoveVerificationDocument): Promise<void> {
    const actor = await this.actors.customerOf(principal);
    await this.writer.run(verificationId, () => [{ type: 'RemoveDocument', actor, documentId }], commandContext(principal));
  }
}
