import { DomainError } from '@credence/domain';
import { Injectable } from '@nestjs/common';
import type { InvoiceRow } from '@credence/read-models';
import type { Principal } from '../../../common/auth/principal';
import { MoneyAccounts } from '../orders/money-accounts';
import { MoneyReads } from './money-reads';

/**
 * One invoice as a customer may see it, for the invoice view (GET /credit/history/{id}) and its PDF alike: their own
 * company's, and under a Restricted User View (access 6) only the ones they made themselves, as the history lists
 * ('processed by you [and your team]'); account administrators see the team's. Anything else answers 404.
 */
@Injectable()
export class CustomerInvoices {
  constructor(
    private readonly reads: MoneyReads,
    private readonly accounts: MoneyAccounts,
  ) {}

  /** Whether the history and invoices show only the principal's own rows. */
  async ownOnly(principal: Principal): Promise<boolean> {
    const account = await this.accounts.get(principal.companyId);
    return account.restrictedUserView && !principal.admin;
  }

  async get(principal: Principal, id: string): Promise<InvoiceRow> {
    const row = await this.reads.invoice(id);
    if (!row || row.companyId !== principal.companyId) throw new DomainError('not-found', 'Invoice not found.');
    if (row.username !== principal.username && (await this.ownOnly(principal))) throw new DomainError('not-found', 'Invoice not found.');
    return row;
  }
}
