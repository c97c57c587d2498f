import Stripe from 'stripe';
import type { Checkout, CheckoutRequest, PaymentProvider } from './payment-provider.ts';
import { minorAsWireInteger } from '../../../common/money/money.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in for the Stripe API; production leaves these unset. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** A Stripe API error with this code (https://docs.stripe.com/error-codes). */
function isStripeError(error: unknown, code: string): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === code;
}

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes from now. */
const minimumExpirySeconds = 31 * 60;

/**
 * Stripe Checkout for the top-up (mode payment) and the monthly plan (mode subscription). Our session id travels
 * as `client_reference_id`, which Stripe puts back in every checkout event.
 */
export function stripePayments(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(options.host !== undefined && { host: options.host }),
    ...(options.port !== undefined && { port: options.port }),
    ...(options.protocol !== undefined && { protocol: options.protocol }),
  });

  return {
    name: 'stripe',
    webhookSecret: options.webhookSecret,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const nowSeconds = Math.floor(Date.now() / 1000);
      const lockSeconds = Math.floor(request.expiresAt.getTime() / 1000);
      const session = await stripe.checkout.sessions.create(
        {
          mode: request.mode,
          client_reference_id: request.sessionId,
          metadata: { session_id: request.sessionId, user_id: request.userId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: minorAsWireInteger(request.amount.minor),
                product_data: { name: request.description },
                ...(request.mode === 'subscription' && { recurring: { interval: 'month' as const } }),
              },
            },
          ],
          ...(request.mode === 'subscription' && {
            subscription_data: { metadata: { session_id: request.sessionId, user_id: request.userId } },
          }),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // A payment between the rate lock's end and this expiry is refunded by the webhook (billing service).
          expires_at: Math.max(lockSeconds, nowSeconds + minimumExpirySeconds),
        },
        // A retried create (network error) returns the same session instead of a second one.
        { idempotencyKey: `checkout-${request.sessionId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { providerSessionId: session.id, url: session.url };
    },

    async refund(paymentId: string, idempotencyKey: string): Promise<void> {
      try {
        await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
      } catch (error) {
        // Refunded by an earlier attempt whose idempotency key has since expired (24 h): the refund is done.
        if (isStripeError(error, 'charge_already_refunded')) return;
        throw error;
      }
    },

    async cancelNow(providerSubscriptionId: string, idempotencyKey: string): Promise<void> {
      try {
        await stripe.subscriptions.cancel(providerSubscriptionId, {}, { idempotencyKey });
      } catch (error) {
        // Cancelled already (by us earlier, or by Stripe after its retries): nothing more to stop.
        if (isStripeError(error, 'resource_missing')) return;
        throw error;
      }
    },

    async cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void> {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
  };
}
