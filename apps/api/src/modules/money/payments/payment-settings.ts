import { Logger, type Provider } from '@nestjs/common';
import type { AppConfig } from '../../../config/config.schema';
import { APP_CONFIG } from '../../../config/config.tokens';
import type { PaymentSettings } from '../../../config/payment-settings';

export { paymentSettingsFromEnv, type BraintreeSettings, type PaymentSettings } from '../../../config/payment-settings';

/** Which card provider to use, and the account manager who receives token orders (AppConfig.payments, .accountManagerEmail). */
export interface MoneySettings {
  payments: PaymentSettings;
  accountManagerEmail: string;
}

export const MONEY_SETTINGS = Symbol('MONEY_SETTINGS');

export const moneySettingsProvider: Provider = {
  provide: MONEY_SETTINGS,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): MoneySettings => {
    const payments = config.payments;
    if (payments.provider === 'sandbox' && config.env === 'production') {
      new Logger('Payments').warn('no BRAINTREE_* credentials: card payments use the sandbox provider and take no money');
    }
    return { payments, accountManagerEmail: config.accountManagerEmail };
  },
};
