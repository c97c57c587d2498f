import type { Money } from '../../../common/money/money.ts';

/**
 * One interface for every card-payment provider: Stripe in production, the built-in sandbox elsewhere. Both speak
 * Stripe's event format and signature scheme, so the webhook route and everything behind it is one code path.
 */
export interface CheckoutRequest {
  /** Our payment session id (`ps_…`): the provider echoes it back in its events (client_reference_id). */
  sessionId: string;
  mode: 'payment' | 'subscription';
  amount: Money<'EUR'>;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The provider refuses to take the payment after this (the rate lock of a top-up). */
  expiresAt: Date;
  userId: string;
}

export interface Checkout {
  providerSessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Refunds a captured payment in full; `idempotencyKey` makes a retried refund a no-op at the provider, and a
   * payment found already refunded (the key expired meanwhile) counts as done, not as an error.
   */
  refund(paymentId: string, idempotencyKey: string): Promise<void>;
  /** Stops renewing at the end of the paid period. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /** Ends a subscription now (an extra or orphaned one); one already cancelled counts as done. */
  cancelNow(providerSubscriptionId: string, idempotencyKey: string): Promise<void>;
  /** The secret that signs this provider's webhook events. */
  readonly webhookSecret: string;
}
