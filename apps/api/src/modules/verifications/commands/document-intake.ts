import { VerificationInvalid, type DocumentRef } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { BLOB_STORE, type BlobStore } from '../ports/blob-store.port';

/** verifications.md 9: PDF only, at most 5 MB (1000^2 bytes). */
export const MAX_DOCUMENT_BYTES = 5 * 1000 * 1000;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const DATA_URL = /^data:application\/pdf;base64,([A-Za-z0-9+/=\s]*)$/;

export const UNREADABLE = 'Could not read file, check supported file types.';

export function tooLarge(bytes: number): VerificationInvalid {
  return new VerificationInvalid([
    { field: 'file', message: `File ${(bytes / 1000 / 1000).toFixed(1)}Mb size exceeds limits of 5Mb` },
    { field: 'file', message: 'Please use any of the free online tools to compress your file to less than 5Mb' },
  ]);
}

/** The bytes of a PDF data URL, as the portal reads files (base64); anything else is refused in the spec's words. */
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

/** Stores an uploaded document's bytes and describes it for the DocumentAttached event. */
@Injectable()
export class DocumentIntake {
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
}
