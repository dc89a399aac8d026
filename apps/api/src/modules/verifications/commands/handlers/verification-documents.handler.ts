import type { DocumentRef } from '@credence/domain';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { Principal } from '../../../../common/auth/principal';
import type { UploadDocumentDto } from '../../dto/submission.dto';
import { bytesOfDataUrl, MAX_DOCUMENT_BYTES, tooLarge } from '../document-intake';
import { LifecycleService } from '../lifecycle.service';

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

@CommandHandler(AttachVerificationDocument)
export class AttachVerificationDocumentHandler implements ICommandHandler<AttachVerificationDocument, DocumentRef> {
  constructor(private readonly lifecycle: LifecycleService) {}

  execute({ principal, verificationId, file }: AttachVerificationDocument): Promise<DocumentRef> {
    return this.lifecycle.upload(principal, verificationId, file);
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

@CommandHandler(RemoveVerificationDocument)
export class RemoveVerificationDocumentHandler implements ICommandHandler<RemoveVerificationDocument, void> {
  constructor(private readonly lifecycle: LifecycleService) {}

  execute({ principal, verificationId, documentId }: RemoveVerificationDocument): Promise<void> {
    return this.lifecycle.removeDocument(principal, verificationId, documentId);
  }
}
