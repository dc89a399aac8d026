import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ensureSchema } from '../../infrastructure/database/ensure-schema';
import { createTableSql } from '../../infrastructure/projections/projection-sql';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { AdminMoneyController } from './http/admin-money.controller';
import { CreditController } from './http/credit.controller';
import { MONEY_COMMAND_HANDLERS } from './commands';
import { CardPayments } from './orders/card-payments';
import { CreditAdjustmentsService } from './orders/credit-adjustments.service';
import { CreditHolds } from './orders/credit-holds';
import { InvoiceInbox } from './orders/invoice-inbox.service';
import { MoneyAccounts } from './orders/money-accounts';
import { MoneyProjections } from './orders/money-projections';
import { OrderBilling } from './orders/order-billing';
import { paymentGatewayProvider } from './payments/payment-gateway.provider';
import { moneySettingsProvider } from './payments/payment-settings';
import { CommandLocks } from './persistence/command-locks';
import { InvoiceNumbers } from './persistence/invoice-numbers';
import { moneyProjectionDefinitions } from './projections/money.tables';
import { CustomerInvoices } from './queries/customer-invoices';
import { MONEY_QUERY_HANDLERS } from './queries/handlers/staff-money.handlers';
import { MoneyReads } from './queries/money-reads';
import { OrderQuotes } from './queries/order-quotes';
import { InvoiceIssuingReactor } from './reactions/issue-invoices.reactor';
import { CardRefundReactor } from './reactions/refund-cards.reactor';
import { LifecycleRefundReactor } from './reactions/refund-on-cancel.reactor';
import { CreditOrderMailReactor } from './reactions/credit-order-mail.reactor';
import { OpenHoldsReactor } from './reactions/track-holds.reactor';
import { HoldSweeper } from './orders/hold-sweeper';
import { DemoMoneySeed } from './seed/demo-money.seed';

/**
 * Prices, credit and tokens, card payments, invoices and receipts (issue 6). Other areas dispatch PlaceOrder (the
 * order part of submitting verifications) and use OrderQuotes (its figures beforehand), CreditAdjustmentsService
 * (refunds) and InvoiceInbox (the unseen count). An order's decision is its append to the credit ledger; the
 * invoices follow from it (InvoiceIssuingReactor).
 */
@Module({
  imports: [IdentityModule],
  controllers: [CreditController, AdminMoneyController],
  providers: [
    ...MONEY_QUERY_HANDLERS,
    moneySettingsProvider,
    paymentGatewayProvider,
    MoneyAccounts,
    InvoiceNumbers,
    CommandLocks,
    MoneyProjections,
    CardPayments,
    CreditHolds,
    OrderBilling,
    OrderQuotes,
    InvoiceIssuingReactor,
    CardRefundReactor,
    LifecycleRefundReactor,
    CreditOrderMailReactor,
    OpenHoldsReactor,
    HoldSweeper,
    ...MONEY_COMMAND_HANDLERS,
    CreditAdjustmentsService,
    InvoiceInbox,
    MoneyReads,
    CustomerInvoices,
    DemoMoneySeed,
  ],
  exports: [OrderQuotes, CreditAdjustmentsService, InvoiceInbox, MoneyReads, CustomerInvoices],
})
export class MoneyModule implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeds: SeedRegistry,
    private readonly demo: DemoMoneySeed,
    private readonly projections: ProjectionsService,
    private readonly invoicing: InvoiceIssuingReactor,
    private readonly cardRefunds: CardRefundReactor,
    private readonly lifecycleRefunds: LifecycleRefundReactor,
    private readonly creditOrderMail: CreditOrderMailReactor,
    private readonly openHolds: OpenHoldsReactor,
  ) {}

  async onModuleInit() {
    // The read-model tables, so a query arriving before the projection runners start finds them (empty). The
    // ordinary tables (invoice numbers, the sandbox provider's records, open holds) are made by the migrations.
    await ensureSchema(this.pool, 'money', moneyProjectionDefinitions.flatMap((d) => createTableSql(d.table)));
    this.projections.registerReactor(this.invoicing.definition());
    this.projections.registerReactor(this.cardRefunds.definition());
    this.projections.registerReactor(this.lifecycleRefunds.definition());
    this.projections.registerReactor(this.creditOrderMail.definition());
    this.projections.registerReactor(this.openHolds.definition());
    this.seeds.register({ name: 'money.demo-ledgers', order: 40, demo: true, run: () => this.demo.run() });
  }
}
