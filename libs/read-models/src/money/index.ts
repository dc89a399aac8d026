export * from './credit-movements.projection';
export * from './credit-balances.projection';
export * from './invoices.projection';
export * from './unseen-invoices.projection';
export * from './credit-orders.projection';
