import { Module } from '@nestjs/common';
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
import { MoneyReactors, MoneyStartup } from './money-startup';

/**
 * Prices, credit and tokens, card payments, invoices and receipts (issue 6). Other areas dispatch PlaceOrder (the
 * order part of submitting verifications) and use OrderQuotes (its figures beforehand), CreditAdjustmentsService
 * (refunds) and InvoiceInbox (the unseen count). An order's decision is its append to the credit ledger; the
 * invoices follow from it (InvoiceIssuingReactor). The start-up work (read-model tables, reactors, demo seed) is in
 * money-startup.ts.
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
    MoneyStartup,
    MoneyReactors,
  ],
  exports: [OrderQuotes, CreditAdjustmentsService, InvoiceInbox, MoneyReads, CustomerInvoices],
})
export class MoneyModule {}
