import { Logger, type Provider } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.tokens';
import { loadBraintreeClient } from './braintree-client';
import { BraintreePaymentGateway } from './braintree-payment-gateway';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';
import { MONEY_SETTINGS, type MoneySettings } from './payment-settings';
import { SandboxPaymentGateway } from './sandbox-payment-gateway';

/** Braintree when its credentials are configured, otherwise the sandbox (the embedded default). */
export const paymentGatewayProvider: Provider = {
  provide: PAYMENT_GATEWAY,
  inject: [MONEY_SETTINGS, PG_POOL],
  useFactory: async (settings: MoneySettings, pool: Pool): Promise<PaymentGateway> => {
    const payments = settings.payments;
    if (payments.provider === 'braintree') {
      const client = await loadBraintreeClient(payments.braintree);
      new Logger('Payments').log(`card payments through Braintree (${payments.braintree.environment})`);
      return new BraintreePaymentGateway(client, payments.braintree);
    }
    return new SandboxPaymentGateway(pool);
  },
};
