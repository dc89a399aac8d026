import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '@credence/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { metrics } from '@opentelemetry/api';
import { BLOB_STORE, type BlobStore } from '../../verifications';
import { certificateOptions } from '../jobs/certificate-jobs';
import type { CertificateBranding } from '../templates/certificate.template';
import { CertificatePrinter } from './certificate-printer';
import type { LoadedVerification } from './certificate-source';
import { CertificateStore } from './certificate-store';

export interface CertificateRequest {
  ignoreNotes: boolean;
  brand: boolean;
}

export interface CertificatePdf {
  filename: string;
  bytes: Buffer;
  code: string;
  /** Served from the blob store without rendering. */
  cached: boolean;
}

/** Who a certificate is issued for: the company whose branding it carries (if any) and the one that asked. */
export interface IssuedFor {
  branding: CertificateBranding | null;
  brandCompanyId: string | null;
  issuedByCompanyId: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const certificatesServed = metrics
  .getMeter('credence-api')
  .createCounter('credence.pdf.certificates', {
    description: 'Certificates served: from the blob store (cache) or rendered',
  });

/**
 * Issuing a certificate under a public code, once per (verification, revision, options): the PDF is kept in the
 * blob store and served from there while the verification's stream has not moved.
 */
@Injectable()
export class CertificateIssuer {
  private readonly logger = new Logger('Certificates');

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly store: CertificateStore,
    private readonly printer: CertificatePrinter,
  ) {}

  /** Whether the certificate of this revision without notes or branding (Download All's) is issued already. */
  async plainIssued(loaded: LoadedVerification): Promise<boolean> {
    return !!(await this.store.find(loaded.state.id, loaded.revision, certificateOptions(false, null)));
  }

  /** The certificate of this revision and options: from the blob store when issued before, else rendered and issued. */
  async issue(
    loaded: LoadedVerification,
    request: CertificateRequest,
    issuedFor: IssuedFor,
  ): Promise<CertificatePdf> {
    const { state, revision } = loaded;
    const { branding, brandCompanyId, issuedByCompanyId } = issuedFor;
    const options = certificateOptions(request.ignoreNotes, brandCompanyId);
    const filename = `Certificate-${state.id}.pdf`;

    const existing = await this.store.find(state.id, revision, options);
    if (existing) {
      const bytes = await this.blobs.get(existing.blobKey);
      if (bytes) {
        certificatesServed.add(1, { source: 'cache' });
        return { filename, bytes, code: existing.code, cached: true };
      }
      this.logger.warn(`certificate ${existing.code}: blob missing, rendering again`);
      const again = await this.printer.print(
        loaded,
        request.ignoreNotes,
        branding,
        existing.code,
        existing.issuedAt,
      );
      await this.blobs.put(existing.blobKey, again.pdf, 'application/pdf');
      await this.store.replacePdf(existing.code, sha256(again.pdf));
      certificatesServed.add(1, { source: 'render' });
      return { filename, bytes: again.pdf, code: existing.code, cached: false };
    }

    const code = randomBytes(16).toString('base64url');
    const issuedAt = new Date();
    const { pdf, digest } = await this.printer.print(loaded, request.ignoreNotes, branding, code, issuedAt);
    certificatesServed.add(1, { source: 'render' });
    const blobKey = `certificates/${state.id}/${code}.pdf`;
    await this.blobs.put(blobKey, pdf, 'application/pdf');
    const { row, inserted } = await this.store.insert({
      code,
      verificationId: state.id,
      revision: revision.toString(),
      position: loaded.last.position.commit.toString(),
      options,
      ignoreNotes: request.ignoreNotes,
      brandCompanyId,
      result: state.result ?? '',
      digest,
      pdfSha256: sha256(pdf),
      blobKey,
      issuedByCompanyId,
      issuedAt,
    });
    if (inserted) return { filename, bytes: pdf, code, cached: false };
    // Another request issued the same certificate a moment earlier: theirs is the one on record.
    await this.blobs.delete(blobKey).catch(() => undefined);
    const theirs = await this.blobs.get(row.blobKey);
    if (!theirs)
      throw new DomainError(
        'conflict',
        'The certificate is being prepared, please try again.',
        'QC-CERTIFICATE-BUSY',
      );
    return { filename, bytes: theirs, code: row.code, cached: true };
  }
}
