export * from './credit-movements.projection';
export * from './invoices.projection';
export * from './unseen-invoices.projection';
