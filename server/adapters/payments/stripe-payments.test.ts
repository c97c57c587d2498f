import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money.ts';
import { parsePaymentEvent } from './provider-events.ts';
import { stripePayments } from './stripe-payments.ts';
import { InvalidSignatureError, verifySignature } from './webhook-signature.ts';

/**
 * The Stripe adapter against a local stand-in for api.stripe.com (the SDK's host/port/protocol options): the
 * requests it makes are the ones Stripe documents, and its answers are read as Stripe sends them.
 */
interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  auth: string | undefined;
}
const seen: Seen[] = [];
let server: Server;
let port = 0;

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void read(request).then((text) => {
      const key = request.headers['idempotency-key'];
      seen.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body: new URLSearchParams(text),
        idempotencyKey: typeof key === 'string' ? key : undefined,
        auth: request.headers.authorization,
      });
      const path = request.url ?? '';
      // Stripe's answers for a payment refunded before (the idempotency key expired) and a subscription gone.
      const refused =
        new URLSearchParams(text).get('payment_intent') === 'pi_refunded_before'
          ? { status: 400, code: 'charge_already_refunded' }
          : path === '/v1/subscriptions/sub_gone'
            ? { status: 404, code: 'resource_missing' }
            : path === '/v1/subscriptions/sub_down'
              ? { status: 500, code: 'api_error' }
              : undefined;
      if (refused) {
        response.writeHead(refused.status, { 'content-type': 'application/json', 'request-id': 'req_2' });
        response.end(
          JSON.stringify({
            error: {
              type: refused.status === 500 ? 'api_error' : 'invalid_request_error',
              code: refused.code,
              message: refused.code,
            },
          }),
        );
        return;
      }
      const body = path.startsWith('/v1/checkout/sessions')
        ? { id: 'cs_test_123', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_123' }
        : path.startsWith('/v1/refunds')
          ? { id: 're_1', object: 'refund', status: 'succeeded' }
          : { id: 'sub_1', object: 'subscription', cancel_at_period_end: true };
      response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_1' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const adapter = () =>
  stripePayments({
    secretKey: 'sk_test_local',
    webhookSecret: 'whsec_local',
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });

describe('stripe adapter', () => {
  it('creates a payment Checkout Session with our reference, the amount in cents and an expiry', async () => {
    const expiresAt = new Date(Date.now() + 30 * 60_000);
    const checkout = await adapter().createCheckout({
      sessionId: 'ps_abcdefabcdefabcdef',
      mode: 'payment',
      amount: money('EUR', 10_160n),
      description: 'Wallet top-up',
      successUrl: 'https://wallet.example/exchange?session=ps_abcdefabcdefabcdef&status=success',
      cancelUrl: 'https://wallet.example/exchange?session=ps_abcdefabcdefabcdef&status=cancel',
      expiresAt,
      userId: '42',
    });
    expect(checkout).toEqual({
      providerSessionId: 'cs_test_123',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    });
    const request = seen.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: 'checkout-ps_abcdefabcdefabcdef',
    });
    expect(request?.auth).toBe('Bearer sk_test_local');
    const body = request?.body;
    expect(body?.get('mode')).toBe('payment');
    expect(body?.get('client_reference_id')).toBe('ps_abcdefabcdefabcdef');
    expect(body?.get('line_items[0][price_data][unit_amount]')).toBe('10160');
    expect(body?.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(body?.get('line_items[0][price_data][recurring][interval]')).toBeNull();
    // Stripe's minimum lifetime is 30 minutes: never below it.
    expect(Number(body?.get('expires_at'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it('creates a monthly subscription session, refunds a payment intent idempotently, cancels at period end', async () => {
    await adapter().createCheckout({
      sessionId: 'ps_subsubsubsubsubsub',
      mode: 'subscription',
      amount: money('EUR', 450n),
      description: 'Subscription',
      successUrl: 'https://wallet.example/rates',
      cancelUrl: 'https://wallet.example/rates',
      expiresAt: new Date(Date.now() + 86_400_000),
      userId: '42',
    });
    const create = seen.at(-1)?.body;
    expect(create?.get('mode')).toBe('subscription');
    expect(create?.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(create?.get('line_items[0][price_data][unit_amount]')).toBe('450');

    await adapter().refund('pi_123', 'refund-ps_x');
    expect(seen.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-ps_x' });
    expect(seen.at(-1)?.body.get('payment_intent')).toBe('pi_123');

    await adapter().cancelAtPeriodEnd('sub_1');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_1' });
    expect(seen.at(-1)?.body.get('cancel_at_period_end')).toBe('true');
  });
});

describe('stripe adapter: refunds and cancellations performed from the outbox', () => {
  it('cancels a subscription now with our idempotency key; one already gone counts as done', async () => {
    await adapter().cancelNow('sub_1', 'cancel-sub_1');
    expect(seen.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/v1/subscriptions/sub_1',
      idempotencyKey: 'cancel-sub_1',
    });
    await expect(adapter().cancelNow('sub_gone', 'cancel-sub_gone')).resolves.toBeUndefined();
  });

  it("treats 'already refunded' as done, and lets any other failure through for a retry", async () => {
    await expect(adapter().refund('pi_refunded_before', 'refund-ps_old')).resolves.toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'refund-ps_old' });
    const failing = stripePayments({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_local',
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });
    await expect(failing.cancelNow('sub_down', 'cancel-sub_down')).rejects.toThrow();
  }, 60_000);
});

describe('webhook verification against the SDK', () => {
  const stripe = new Stripe('sk_test_local');
  const secret = 'whsec_test_sdk';
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    created: 1_700_000_000,
    data: {
      object: {
        id: 'cs_1',
        object: 'checkout.session',
        client_reference_id: 'ps_abcdefabcdefabcdef',
        mode: 'payment',
        amount_total: 10_160,
        currency: 'eur',
        payment_status: 'paid',
        payment_intent: 'pi_1',
        subscription: null,
      },
    },
  });

  it('accepts a header made by stripe.webhooks.generateTestHeaderString and reads the event', () => {
    const now = new Date();
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    expect(() => verifySignature(Buffer.from(payload), header, secret, now)).not.toThrow();
    expect(parsePaymentEvent(JSON.parse(payload))).toMatchObject({
      kind: 'checkout_completed',
      sessionId: 'ps_abcdefabcdefabcdef',
      amountTotal: 10_160n,
      currency: 'EUR',
      paymentId: 'pi_1',
    });
  });

  it('refuses another secret, a changed body and an old timestamp', () => {
    const now = new Date();
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    expect(() => verifySignature(Buffer.from(payload), header, 'whsec_other', now)).toThrow(InvalidSignatureError);
    expect(() => verifySignature(Buffer.from(payload.replace('10160', '1')), header, secret, now)).toThrow(
      InvalidSignatureError,
    );
    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(now.getTime() / 1000) - 600,
    });
    expect(() => verifySignature(Buffer.from(payload), old, secret, now)).toThrow(InvalidSignatureError);
  });

  it('reads renewals (old and new invoice shapes), failed renewals and cancellations', () => {
    const event = (type: string, object: unknown) => ({
      id: 'evt_2',
      object: 'event',
      type,
      created: 1_700_000_000,
      data: { object },
    });
    const lines = { data: [{ period: { end: 1_702_600_000 } }] };
    expect(
      parsePaymentEvent(
        event('invoice.paid', {
          id: 'in_1',
          billing_reason: 'subscription_cycle',
          amount_paid: 450,
          subscription: 'sub_1',
          lines,
        }),
      ),
    ).toMatchObject({ kind: 'renewal_paid', subscriptionId: 'sub_1', amountPaid: 450n });
    expect(
      parsePaymentEvent(
        event('invoice.paid', {
          id: 'in_2',
          billing_reason: 'subscription_cycle',
          amount_paid: 450,
          parent: { subscription_details: { subscription: 'sub_2' } },
          lines,
        }),
      ),
    ).toMatchObject({ kind: 'renewal_paid', subscriptionId: 'sub_2' });
    expect(
      parsePaymentEvent(
        event('invoice.paid', {
          id: 'in_3',
          billing_reason: 'subscription_create',
          amount_paid: 450,
          subscription: 'sub_1',
        }),
      ).kind,
    ).toBe('ignored');
    expect(
      parsePaymentEvent(
        event('invoice.payment_failed', { id: 'in_4', billing_reason: 'subscription_cycle', subscription: 'sub_1' }),
      ).kind,
    ).toBe('renewal_failed');
    expect(parsePaymentEvent(event('customer.subscription.deleted', { id: 'sub_1' })).kind).toBe(
      'subscription_deleted',
    );
  });
});
