import type { Config } from '../../config.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { sandboxPayments, sandboxSecret } from './sandbox-payments.ts';
import { stripePayments } from './stripe-payments.ts';

/** Stripe when STRIPE_SECRET_KEY is set (config.ts then requires its webhook secret), else the sandbox. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return stripePayments({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  // config.ts refuses production without Stripe; this keeps a hand-built config from reaching the sandbox there.
  if (config.NODE_ENV === 'production') throw new Error('the payment sandbox never runs in production');
  return sandboxPayments(config.PUBLIC_URL, config.SANDBOX_WEBHOOK_SECRET ?? sandboxSecret(config.SECRET_KEY));
}
