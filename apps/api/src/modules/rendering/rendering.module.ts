import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { IdentityModule } from '../identity/identity.module';
import { MoneyModule } from '../money/money.module';
import { VerificationsModule } from '../verifications/verifications.module';
import { PdfRenderer } from './browser/pdf-renderer';
import { CertificateAccess } from './certificates/certificate-access';
import { CertificateIssuer } from './certificates/certificate-issuer';
import { CertificatePrinter } from './certificates/certificate-printer';
import { CertificateService } from './certificates/certificate.service';
import { CertificateSource } from './certificates/certificate-source';
import { CertificateStore } from './certificates/certificate-store';
import { CertificateDownloadController, CertificateVerifyController } from './http/certificates.controller';
import { AdminInvoicePdfController, InvoicePdfController } from './http/invoice-pdf.controller';
import { InvoicePdfService } from './invoices/invoice-pdf.service';
import { CertificateJobs } from './jobs/certificate-jobs';
import { CertificateRenderProcessor } from './jobs/certificate-render.processor';

/**
 * PDF documents (issue 17): certificates, invoices and receipts rendered from typed server-side HTML templates by
 * one pooled headless Chromium, finished with pdf-lib, certificates issued under a public verify code.
 */
@Module({
  imports: [
    // ApplicationGateway (who may read a certificate through an application) is bound by the global ApplicationsModule.
    VerificationsModule,
    IdentityModule,
    MoneyModule,
    // Only the public certificate check uses it (its controller names ThrottlerGuard); no global guard.
    ThrottlerModule.forRoot([{ name: 'default', ttl: 60_000, limit: 30 }]),
  ],
  controllers: [
    CertificateDownloadController,
    CertificateVerifyController,
    InvoicePdfController,
    AdminInvoicePdfController,
  ],
  providers: [
    PdfRenderer,
    CertificateStore,
    CertificateSource,
    CertificateAccess,
    CertificatePrinter,
    CertificateIssuer,
    CertificateService,
    InvoicePdfService,
    CertificateJobs,
    CertificateRenderProcessor,
  ],
  exports: [PdfRenderer, CertificateService],
})
export class RenderingModule {}
