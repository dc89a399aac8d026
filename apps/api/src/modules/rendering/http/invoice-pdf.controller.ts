import { Controller, Get, Param, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentPrincipal } from '../../../common/auth/current-principal.decorator';
import type { Principal } from '../../../common/auth/principal';
import { StaffOnly } from '../../../common/auth/roles.decorator';
import { InvoicePdfService } from '../invoices/invoice-pdf.service';
import { sendPdf } from './pdf-response';
import { RenderingErrorsFilter } from './rendering-errors.filter';

/** The invoice (or receipt) of money 2.14 as a PDF, for its customer. */
@UseFilters(RenderingErrorsFilter)
@Controller('credit')
export class InvoicePdfController {
  constructor(private readonly invoices: InvoicePdfService) {}

  @Get('history/:id/pdf')
  async pdf(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() res: Response) {
    const { filename, bytes } = await this.invoices.forCustomer(principal, id);
    sendPdf(res, filename, bytes);
  }
}

/** The same PDF for the console's invoice show page. */
@UseFilters(RenderingErrorsFilter)
@Controller('admin/invoices')
@StaffOnly()
export class AdminInvoicePdfController {
  constructor(private readonly invoices: InvoicePdfService) {}

  @Get(':id/pdf')
  async pdf(@Param('id') id: string, @Res() res: Response) {
    const { filename, bytes } = await this.invoices.forStaff(id);
    sendPdf(res, filename, bytes);
  }
}
