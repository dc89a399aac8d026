import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ensureSchema } from '../../infrastructure/database/ensure-schema';
import { createTableSql } from '../../infrastructure/projections/projection-sql';
import { ProjectionsService } from '../../infrastructure/projections/projections.service';
import { SeedRegistry } from '../../infrastructure/seeding/seed.registry';
import { moneyProjectionDefinitions } from './projections/money.tables';
import { CreditOrderMailReactor } from './reactions/credit-order-mail.reactor';
import { InvoiceIssuingReactor } from './reactions/issue-invoices.reactor';
import { CardRefundReactor } from './reactions/refund-cards.reactor';
import { LifecycleRefundReactor } from './reactions/refund-on-cancel.reactor';
import { OpenHoldsReactor } from './reactions/track-holds.reactor';
import { DemoMoneySeed } from './seed/demo-money.seed';

/**
 * What the money module does once at start-up: its read-model tables, its five reactors and its demo seed. It runs
 * in onModuleInit, as the other modules' registrations do, so everything is registered before ProjectionsService
 * starts the runners and SeedRegistry runs the seeds (both in onApplicationBootstrap).
 */
@Injectable()
export class MoneyStartup implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly seeds: SeedRegistry,
    private readonly demo: DemoMoneySeed,
  ) {}

  async onModuleInit() {
    // The read-model tables, so a query arriving before the projection runners start finds them (empty). The
    // ordinary tables (invoice numbers, the sandbox provider's records, open holds) are made by the migrations.
    await ensureSchema(
      this.pool,
      'money',
      moneyProjectionDefinitions.flatMap((d) => createTableSql(d.table)),
    );
    this.seeds.register({ name: 'money.demo-ledgers', order: 40, demo: true, run: () => this.demo.run() });
  }
}

/**
 * The money module's reactors, registered with the projection runner at start-up (see MoneyStartup for why in
 * onModuleInit).
 */
@Injectable()
export class MoneyReactors implements OnModuleInit {
  constructor(
    private readonly projections: ProjectionsService,
    private readonly invoicing: InvoiceIssuingReactor,
    private readonly cardRefunds: CardRefundReactor,
    private readonly lifecycleRefunds: LifecycleRefundReactor,
    private readonly creditOrderMail: CreditOrderMailReactor,
    private readonly openHolds: OpenHoldsReactor,
  ) {}

  onModuleInit() {
    for (const reactor of [
      this.invoicing,
      this.cardRefunds,
      this.lifecycleRefunds,
      this.creditOrderMail,
      this.openHolds,
    ]) {
      this.projections.registerReactor(reactor.definition());
    }
  }
}
