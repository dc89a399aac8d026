import type { ApplicationDocument } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import { bytesOfDataUrl, MAX_DOCUMENT_BYTES, tooLarge } from '../../../verifications';
import { applicationActorOf } from '../../core/application-actor';
import type { ApplicationUploadDto } from '../../http/application.dto';
import { ApplicationDocuments, type DocumentInput } from '../application-documents';
import { ApplicationWriter } from '../application-writer';

/** POST /application/{id}/document: one PDF, for a requirement or with the applicant's own label. */
export class AddApplicationDocument extends Command<ApplicationDocument> {
  constructor(
    readonly principal: Principal,
    readonly applicationId: string,
    readonly document: DocumentInput,
  ) {
    super();
  }

  /** Multipart (field `file`) or JSON with a data URL; the file name as given or the uploaded file's own. */
  static fromRequest(principal: Principal, applicationId: string, body: ApplicationUploadDto, file: { buffer: Buffer; size: number; originalname: string } | undefined) {
    if (file && file.size > MAX_DOCUMENT_BYTES) throw tooLarge(file.size);
    const bytes = file ? file.buffer : bytesOfDataUrl(body.data);
    return new AddApplicationDocument(principal, applicationId, { bytes, name: body.name, requirementId: body.requirementId, filename: body.filename ?? file?.originalname });
  }
}

@CommandHandler(AddApplicationDocument)
export class AddApplicationDocumentHandler implements ICommandHandler<AddApplicationDocument, ApplicationDocument> {
  constructor(
    private readonly writer: ApplicationWriter,
    private readonly documents: ApplicationDocuments,
  ) {}

  async execute({ principal, applicationId: id, document: input }: AddApplicationDocument): Promise<ApplicationDocument> {
    const actor = applicationActorOf(principal);
    const state = await this.writer.visible(id, actor);
    const document = await this.documents.store(state, input);
    try {
      await this.writer.run(principal, id, [{ type: 'AddApplicationDocument', actor, document }]);
      return document;
    } catch (e) {
      await this.documents.discard([document]);
      throw e;
    }
  }
}

/** DELETE /application/{id}/document/{docId}: the document leaves the application and its bytes are deleted. */
export class RemoveApplicationDocument extends Command<void> {
  constructor(
    readonly principal: Principal,
    readonly applicationId: string,
    readonly documentId: string,
  ) {
    super();
  }
}

@CommandHandler(RemoveApplicationDocument)
export class RemoveApplicationDocumentHandler implements ICommandHandler<RemoveApplicationDocument, void> {
  constructor(
    private readonly writer: ApplicationWriter,
    private readonly documents: ApplicationDocuments,
  ) {}

  async execute({ principal, applicationId: id, documentId }: RemoveApplicationDocument): Promise<void> {
    const actor = applicationActorOf(principal);
    const appended = await this.writer.run(principal, id, [{ type: 'RemoveApplicationDocument', actor, documentId }]);
    for (const event of appended.events) {
      if (event.type === 'ApplicationDocumentRemoved') await this.documents.discard([{ blobKey: event.data.blobKey }]);
    }
  }
}
