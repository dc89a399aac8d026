import type { DomainEvent } from '../shared/event';
import type { CreditOrder } from './credit-order';

/** A token order sent to the account manager (2.12). One stream per order: `creditorder-<id>`. */
export const creditOrderStream = (orderId: string) => `creditorder-${orderId}`;

export type CreditOrdered = DomainEvent<'CreditOrdered', CreditOrder & { orderId: string; companyId: string; companyName: string }>;
