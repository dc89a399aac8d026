import { Module } from '@nestjs/common';
import { PdfRenderer } from './browser/pdf-renderer';

/**
 * PDF documents (issue 17): certificates, invoices and receipts rendered from typed server-side HTML templates by
 * one pooled headless Chromium, finished with pdf-lib.
 */
@Module({
  providers: [PdfRenderer],
  exports: [PdfRenderer],
})
export class RenderingModule {}
