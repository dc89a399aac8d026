import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ensureSchema } from '../../infrastructure/database/ensure-schema';
import { createTableSql } from '../../infrastructure/projections/projection-sql';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { IdentityModule } from '../identity/identity.module';
import { AdminMoneyController } from './http/admin-money.controller';
import { CreditController } from './http/credit.controller';
import { CreditAdjustmentsService } from './orders/credit-adjustments.service';
import { CreditOrderService } from './orders/credit-order.service';
import { CreditPurchaseService } from './orders/credit-purchase.service';
import { InvoiceInbox } from './orders/invoice-inbox.service';
import { MoneyAccounts } from './orders/money-accounts';
import { MoneyProjections } from './orders/money-projections';
import { OrderService } from './orders/order.service';
import { paymentGatewayProvider } from './payments/payment-gateway.provider';
import { moneySettingsProvider } from './payments/payment-settings';
import { CommandLocks } from './persistence/command-locks';
import { InvoiceNumbers } from './persistence/invoice-numbers';
import { MONEY_SCHEMA } from './persistence/money.schema';
import { moneyProjectionDefinitions } from './projections/money.tables';
import { MoneyReads } from './queries/money-reads';
import { DemoMoneySeed } from './seed/demo-money.seed';

/**
 * Prices, credit and tokens, card payments, invoices and receipts (issue 6). Other areas use OrderService (the
 * order part of submitting verifications), CreditAdjustmentsService (refunds) and InvoiceInbox (the unseen count).
 */
@Module({
  imports: [IdentityModule],
  controllers: [CreditController, AdminMoneyController],
  providers: [
    moneySettingsProvider,
    paymentGatewayProvider,
    MoneyAccounts,
    InvoiceNumbers,
    CommandLocks,
    MoneyProjections,
    OrderService,
    CreditPurchaseService,
    CreditOrderService,
    CreditAdjustmentsService,
    InvoiceInbox,
    MoneyReads,
    DemoMoneySeed,
  ],
  exports: [OrderService, CreditAdjustmentsService, InvoiceInbox, MoneyReads],
})
export class MoneyModule implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeds: SeedRegistry,
    private readonly demo: DemoMoneySeed,
  ) {}

  async onModuleInit() {
    // The read-model tables too, so a query arriving before the projection runners start finds them (empty).
    await ensureSchema(this.pool, 'money', [...MONEY_SCHEMA, ...moneyProjectionDefinitions.flatMap((d) => createTableSql(d.table))]);
    this.seeds.register({ name: 'money.demo-ledgers', order: 40, demo: true, run: () => this.demo.run() });
  }
}
