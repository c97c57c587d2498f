import { createHmac } from 'node:crypto';
import type { Checkout, CheckoutRequest, PaymentProvider } from './payment-provider.ts';

export interface SandboxRefund {
  paymentId: string;
  idempotencyKey: string;
}

/**
 * The built-in provider for development and tests: the checkout page is served by this app at
 * `/sandbox/checkout/{session}` (server/modules/billing/sandbox.routes.ts) and reads the session from our own
 * payment_sessions row, so the adapter itself only builds the URL. Refunds are kept in memory for tests to see.
 */
export function sandboxPayments(
  publicUrl: string,
  webhookSecret: string,
): PaymentProvider & { refunds: SandboxRefund[]; cancellations: string[] } {
  const refunds: SandboxRefund[] = [];
  const cancellations: string[] = [];
  return {
    name: 'sandbox',
    webhookSecret,
    refunds,
    cancellations,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      return {
        providerSessionId: `cs_sandbox_${request.sessionId.slice(3)}`,
        url: `${publicUrl}/sandbox/checkout/${request.sessionId}`,
      };
    },
    async refund(paymentId: string, idempotencyKey: string): Promise<void> {
      // A payment refunded already (under any key) is done, as the Stripe adapter treats charge_already_refunded.
      if (!refunds.some((r) => r.idempotencyKey === idempotencyKey || r.paymentId === paymentId)) {
        refunds.push({ paymentId, idempotencyKey });
      }
    },
    async cancelNow(providerSubscriptionId: string): Promise<void> {
      if (!cancellations.includes(providerSubscriptionId)) cancellations.push(providerSubscriptionId);
    },
    async cancelAtPeriodEnd(): Promise<void> {
      // The sandbox has no scheduler: renewals only happen when its page simulates one, so there is nothing to stop.
    },
  };
}

/** A stable secret per installation, without one more variable to configure in development. */
export function sandboxSecret(secretKey: string): string {
  return `whsec_sandbox_${createHmac('sha256', secretKey).update('remittance-wallet/sandbox-webhook').digest('hex')}`;
}
