// The money module's public face: what other modules may import.
export { moneyProjectionDefinitions } from './projections/money.tables';
export { PlaceOrder } from './commands/place-order.handler';
export { OrderQuotes } from './queries/order-quotes';
export { MoneyReads } from './queries/money-reads';
export { CustomerInvoices } from './queries/customer-invoices';
export { presentInvoice } from './http/money.presenters';
