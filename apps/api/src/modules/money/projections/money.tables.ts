import { creditMovementsProjection, invoicesProjection, unseenInvoicesProjection } from '@credence/read-models';
import type { ProjectionDefinition } from '../../../infrastructure/projections/projection-definition';

/** Amounts are bigint (minor units or credits); timestamps ISO-8601 text, as the events carry them. */
export const creditMovementsDefinition: ProjectionDefinition = {
  projection: creditMovementsProjection,
  table: {
    name: 'rm_credit_movements',
    columns: {
      companyId: 'text NOT NULL',
      type: 'text NOT NULL',
      unit: 'text NOT NULL',
      amount: 'bigint NOT NULL',
      signedAmount: 'bigint NOT NULL',
      currency: 'text',
      balanceAfter: 'bigint NOT NULL',
      seq: 'bigint NOT NULL',
      name: 'text',
      candidateName: 'text',
      instituteName: 'text',
      verificationId: 'text',
      invoiceId: 'text',
      transactionId: 'text',
      receiptId: 'text',
      method: 'text',
      reason: 'text',
      toCardMinor: 'bigint NOT NULL',
      username: 'text NOT NULL',
      impersonator: 'text',
      created: 'text NOT NULL',
    },
    indexes: [['companyId', 'created DESC'], ['companyId', 'unit', 'seq DESC'], ['type'], ['verificationId'], ['invoiceId'], ['created DESC']],
  },
};

export const invoicesDefinition: ProjectionDefinition = {
  projection: invoicesProjection,
  table: {
    name: 'rm_invoices',
    columns: {
      companyId: 'text NOT NULL',
      kind: 'text NOT NULL',
      billing: 'text NOT NULL',
      status: 'text NOT NULL',
      currency: 'text NOT NULL',
      individual: 'boolean NOT NULL',
      company: 'jsonb NOT NULL',
      items: 'jsonb NOT NULL',
      vatRatePercent: 'integer NOT NULL',
      subtotalMinor: 'bigint NOT NULL',
      vatMinor: 'bigint NOT NULL',
      creditUsedMinor: 'bigint NOT NULL',
      totalMinor: 'bigint NOT NULL',
      paidMinor: 'bigint NOT NULL',
      cardFeeMinor: 'bigint NOT NULL',
      paymentMethod: 'text',
      transactionId: 'text',
      receiptId: 'text',
      username: 'text NOT NULL',
      impersonator: 'text',
      created: 'text NOT NULL',
      paidAt: 'text',
    },
    indexes: [['companyId', 'created DESC'], ['created DESC'], ['status']],
  },
};

export const unseenInvoicesDefinition: ProjectionDefinition = {
  projection: unseenInvoicesProjection,
  table: {
    name: 'rm_unseen_invoices',
    columns: { companyId: 'text NOT NULL', issued: 'integer NOT NULL', seen: 'integer NOT NULL' },
  },
};

/**
 * Three read models on purpose: every projection runner keeps a connection of the main pool for its lock, so each
 * one more table costs one connection of DATABASE_POOL_SIZE for good (see the money report).
 */
export const moneyProjectionDefinitions: ProjectionDefinition[] = [creditMovementsDefinition, invoicesDefinition, unseenInvoicesDefinition];
