import { VerificationInvalid, type DocumentRef, type VerificationEvent } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store.port';

/** verifications.md 9: PDF only, at most 5 MB (1000^2 bytes). */
export const MAX_DOCUMENT_BYTES = 5 * 1000 * 1000;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
/** A PDF data URL as the portal reads files, or the spec's plain base64 `data`. */
const DATA_URL = /^(?:data:application\/pdf;base64,)?([A-Za-z0-9+/=\s]+)$/;

export const UNREADABLE = 'Could not read file, check supported file types.';

export function tooLarge(bytes: number): VerificationInvalid {
  return new VerificationInvalid([
    { field: 'file', message: `File ${(bytes / 1000 / 1000).toFixed(1)}Mb size exceeds limits of 5Mb` },
    { field: 'file', message: 'Please use any of the free online tools to compress your file to less than 5Mb' },
  ]);
}

/**
 * The bytes of a document's `data`: plain base64 (verifications.md's request) or a PDF data URL (as the portal reads
 * files); anything else is refused in the spec's words.
 */
export function bytesOfDataUrl(data: unknown): Buffer {
  if (typeof data !== 'string') throw new VerificationInvalid([{ field: 'file', message: UNREADABLE }]);
  const m = DATA_URL.exec(data.trim());
  if (!m) throw new VerificationInvalid([{ field: 'file', message: UNREADABLE }]);
  // 4 base64 characters are 3 bytes: refuse an oversized file before decoding it.
  const estimate = Math.floor((m[1].replace(/\s/g, '').length * 3) / 4);
  if (estimate > MAX_DOCUMENT_BYTES + 2) throw tooLarge(estimate);
  return Buffer.from(m[1], 'base64');
}

/** A PDF by its magic bytes (a renamed file or a wrong content type does not pass), within the size limit. */
export function checkPdf(bytes: Buffer) {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw tooLarge(bytes.length);
  if (bytes.length < PDF_MAGIC.length || !bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new VerificationInvalid([{ field: 'file', message: UNREADABLE }]);
  }
}

/**
 * The blobs one request stored, by verification id, that no appended event references yet. The request drops an
 * entry once that verification's events are appended; whatever is left when it fails is deleted (`discard`).
 */
export type UnappendedBlobs = Map<string, DocumentRef[]>;

/** Stores an uploaded document's bytes and describes it for the DocumentAttached event. */
@Injectable()
export class DocumentIntake {
  private readonly logger = new Logger('DocumentIntake');
  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async store(
    verificationId: string,
    bytes: Buffer,
    meta: { name: string; requirementId: string | null; filename: string | null },
  ): Promise<DocumentRef> {
    checkPdf(bytes);
    const id = randomUUID();
    const blobKey = `verifications/${verificationId}/${id}.pdf`;
    await this.blobs.put(blobKey, bytes, 'application/pdf');
    const label = meta.name.trim().slice(0, 200) || 'Document';
    return {
      id,
      name: label,
      type: 'ADDITIONAL',
      requirementId: meta.requirementId,
      filename: (meta.filename?.trim() || `${label.replace(/[^\w.-]+/g, '_')}.pdf`).slice(0, 200),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      blobKey,
      output: false,
    };
  }

  read(doc: Pick<DocumentRef, 'blobKey'>): Promise<Buffer | null> {
    return this.blobs.get(doc.blobKey);
  }

  /**
   * Deletes blobs no event references (a refused request's uploads) or no longer shows (a removed document). Never
   * throws: it runs while another error is on its way to the user, and a left-over blob only costs space.
   */
  async discard(docs: Iterable<Pick<DocumentRef, 'blobKey'>>): Promise<void> {
    for (const doc of docs) {
      try {
        await this.blobs.delete(doc.blobKey);
      } catch (e) {
        // The key is made of ids only; the error's message says which store and why.
        this.logger.warn(`could not delete blob ${doc.blobKey}: ${(e as Error).message}`);
      }
    }
  }

  /**
   * Deletes the blobs of the documents that appended events removed (RemoveDocument, or a new upload for the same
   * requirement). The DocumentRemoved event stays in the timeline; the bytes are no longer served, so not kept.
   */
  discardRemoved(before: { documents: readonly DocumentRef[] }, appended: readonly VerificationEvent[]): Promise<void> {
    const removed = new Set(appended.flatMap((event) => (event.type === 'DocumentRemoved' ? [event.data.documentId] : [])));
    return this.discard(before.documents.filter((d) => removed.has(d.id)));
  }

  /** Runs a request that stores blobs; when it fails, deletes those still in `unappended` and rethrows its error. */
  async discardOnFailure<T>(work: (unappended: UnappendedBlobs) => Promise<T>): Promise<T> {
    const unappended: UnappendedBlobs = new Map();
    try {
      return await work(unappended);
    } catch (e) {
      await this.discard([...unappended.values()].flat());
      throw e;
    }
  }
}
