import { BuyCreditHandler } from './buy-credit.handler';
import { OrderCreditsHandler } from './order-credits.handler';
import { PlaceOrderHandler } from './place-order.handler';
import { SettleInvoiceHandler } from './settle-invoice.handler';

export * from './buy-credit.handler';
export * from './order-credits.handler';
export * from './place-order.handler';
export * from './settle-invoice.handler';

/** The money write path's @CommandHandler classes, for the module's providers. */
export const MONEY_COMMAND_HANDLERS = [PlaceOrderHandler, BuyCreditHandler, OrderCreditsHandler, SettleInvoiceHandler];
