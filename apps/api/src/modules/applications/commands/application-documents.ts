import { APPLICATION_ERRORS, type ApplicationDocument, type ApplicationState } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { checkPdf } from '../../verifications';
import { BLOB_STORE, type BlobStore } from '../../verifications';

/** A document as the application routes carry it: new ones with their bytes, kept ones by id. */
export interface DocumentInput {
  id?: string;
  name?: string;
  filename?: string;
  requirementId?: string;
  bytes?: Buffer;
}

/** An application's documents in the blob store: stored before the decision that references them. */
@Injectable()
export class ApplicationDocuments {
  private readonly logger = new Logger('Applications');

  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async store(state: ApplicationState, input: DocumentInput): Promise<ApplicationDocument> {
    const bytes = input.bytes ?? Buffer.alloc(0);
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

  /** Deletes blobs nothing references (a refused request's uploads, removed documents). Never throws. */
  async discard(docs: readonly Pick<ApplicationDocument, 'blobKey'>[]) {
    for (const d of docs) {
      await this.blobs.delete(d.blobKey).catch((e: Error) => this.logger.warn(`could not delete blob ${d.blobKey}: ${e.message}`));
    }
  }
}
