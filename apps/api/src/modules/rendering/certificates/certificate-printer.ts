import { verificationStream } from '@credence/domain';
import { Inject, Injectable } from '@nestjs/common';
import { toString as qrSvg } from 'qrcode';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import { PdfRenderer } from '../browser/pdf-renderer';
import { finishPdf } from '../pdf/pdf-finishing';
import { certificateHtml, type CertificateBranding } from '../templates/certificate.template';
import { certificateContent, contentDigest } from './certificate-content';
import type { LoadedVerification } from './certificate-source';

/**
 * A certificate's PDF: its content assembled from the verification's state, the verify URL and QR code of its
 * public code, rendered by the pooled Chromium and finished with the metadata `credence-verify` checks.
 */
@Injectable()
export class CertificatePrinter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly renderer: PdfRenderer,
  ) {}

  async print(
    loaded: LoadedVerification,
    ignoreNotes: boolean,
    branding: CertificateBranding | null,
    code: string,
    issuedAt: Date,
  ): Promise<{ pdf: Buffer; digest: string }> {
    const content = certificateContent(loaded.state, loaded.revision, { ignoreNotes });
    const digest = contentDigest(content);
    const verifyUrl = `${this.config.publicUrl.replace(/\/$/, '')}/certificate/${code}`;
    const qr = await qrSvg(verifyUrl, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
    const html = certificateHtml(content, { code, verifyUrl, qrSvg: qr, digest, issuedAt }, branding);
    const rendered = await this.renderer.render(html);
    const pdf = await finishPdf(rendered, {
      title: `Verification Certificate ${content.qcid}`,
      subject: `${content.type} verification: ${content.resultLabel}`,
      keywords: [content.qcid, content.resultLabel, 'Credence certificate', code],
      issuedAt,
      custom: {
        CredenceCertificateCode: code,
        CredenceVerifyUrl: verifyUrl,
        CredenceContentDigest: digest,
        CredenceStream: verificationStream(content.qcid),
        CredenceStreamRevision: loaded.revision.toString(),
        CredenceStreamPosition: loaded.last.position.commit.toString(),
        // The chained hash of the event it was made at: `npx credence-verify bundle.json --certificate` finds it in
        // the exported history (issue 24).
        ...(loaded.last.hash ? { CredenceStreamHash: loaded.last.hash } : {}),
      },
    });
    return { pdf, digest };
  }
}
