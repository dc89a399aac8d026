import { DomainError } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal';
import { CustomerInvoices, MoneyReads, presentInvoice } from '../../money';
import { PdfRenderer } from '../browser/pdf-renderer';
import { finishPdf } from '../pdf/pdf-finishing';
import { invoiceHtml } from '../templates/invoice.template';

/**
 * Invoices and receipts as PDF (money 2.14): read through the money module's read side (the same row and
 * presenter as GET /credit/history/{id}), so the PDF and the screen cannot disagree on a total.
 */
@Injectable()
export class InvoicePdfService {
  constructor(
    private readonly reads: MoneyReads,
    private readonly customerInvoices: CustomerInvoices,
    private readonly renderer: PdfRenderer,
  ) {}

  /**
   * GET /credit/history/{id}/pdf: exactly the invoices the invoice view shows the caller (their company's, and under a
   * Restricted User View only their own): another answers 404, as the JSON does.
   */
  async forCustomer(principal: Principal, id: string) {
    return this.pdf(presentInvoice(await this.customerInvoices.get(principal, id)));
  }

  /** The console's invoice show page: staff read any invoice. */
  async forStaff(id: string) {
    const row = await this.reads.invoice(id);
    if (!row) throw new DomainError('not-found', 'Invoice not found.');
    return this.pdf(presentInvoice(row));
  }

  private async pdf(inv: ReturnType<typeof presentInvoice>) {
    const rendered = await this.renderer.render(invoiceHtml(inv));
    const bytes = await finishPdf(rendered, {
      title: `${inv.title} ${inv.id}`,
      subject: `Credence ${inv.title.toLowerCase()} for ${inv.company.name ?? 'a customer'}`,
      keywords: [inv.title, String(inv.id), ...(inv.receiptId ? [String(inv.receiptId)] : [])],
      issuedAt: new Date(inv.created),
    });
    return { filename: `${inv.title}-${inv.id}.pdf`, bytes };
  }
}
