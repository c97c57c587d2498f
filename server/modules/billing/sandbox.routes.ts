import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLanguage } from '../../../common/i18n/languages.ts';
import { minorAsWireInteger } from '../../../common/money/money.ts';
import { pageLanguage } from '../../http/page-language.ts';
import { signatureHeader, signPayload } from '../../adapters/payments/webhook-signature.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { returnPath } from './checkout.service.ts';
import { findSession, type PaymentSessionRow } from './payment-sessions.repository.ts';
import { checkCard, type CardRefusal } from './sandbox-card.ts';
import { sandboxCss, sandboxPage } from './sandbox-page.ts';
import { addMonth } from './subscription-events.ts';
import { findUserSubscription } from './subscriptions.repository.ts';

interface SandboxRoutesOptions {
  deps: ServiceDeps;
}

const params = z.object({ id: z.string().regex(/^ps_[A-Za-z0-9]{16,64}$/) });
const cardForm = z
  .object({ card_number: z.string().max(40), expiry: z.string().max(10), cvc: z.string().max(10) })
  .partial();

const suffix = (session: PaymentSessionRow) => session.id.slice(3);
const randomId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/**
 * Sends a signed event to our own webhook route, through the same verification as Stripe's events. Like a
 * provider, it redelivers when the webhook fails (a crash between the event and the credit), a few times here.
 */
async function deliver(
  app: FastifyInstance,
  deps: ServiceDeps,
  type: string,
  object: Record<string, unknown>,
): Promise<boolean> {
  const now = deps.clock.now();
  const payload = JSON.stringify({
    id: randomId('evt'),
    object: 'event',
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { object },
  });
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook/',
      payload,
      headers: {
        'content-type': 'application/json',
        [signatureHeader]: signPayload(payload, deps.payments.webhookSecret, deps.clock.now()),
      },
    });
    if (response.statusCode < 300) return true;
  }
  return false;
}

export const sandboxRoutes: FastifyPluginAsync<SandboxRoutesOptions> = async (app, { deps }) => {
  // The card form posts urlencoded (no JavaScript needed); this parser exists only under /sandbox.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );

  app.get('/sandbox.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(sandboxCss),
  );

  const load = async (raw: unknown): Promise<PaymentSessionRow | undefined> => {
    const parsed = params.safeParse(raw);
    return parsed.success ? findSession(deps.db, parsed.data.id) : undefined;
  };

  /** The session's language (the app's when the customer started the payment), else the request's. */
  const render = async (request: FastifyRequest, session: PaymentSessionRow, error?: CardRefusal) => {
    const subscription =
      session.purpose === 'subscription' && session.status === 'paid'
        ? await findUserSubscription(deps.db, session.user_id)
        : undefined;
    const lang = isLanguage(session.language)
      ? session.language
      : pageLanguage((request.query as { lang?: unknown } | undefined)?.lang, request.headers['accept-language']);
    return sandboxPage({
      session,
      lang,
      returnPath: returnPath(session),
      now: deps.clock.now(),
      ...(error !== undefined && { error }),
      ...(subscription && {
        subscription: { status: subscription.status, periodEnd: subscription.current_period_end },
      }),
    });
  };
  const html = (code: number, text: string) => ({ code, text });

  app.get('/checkout/:id', async (request, reply) => {
    const session = await load(request.params);
    if (!session) return reply.code(404).send({ detail: 'Not found.' });
    const page = html(200, await render(request, session));
    return reply.code(page.code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page.text);
  });

  app.post('/checkout/:id/pay', async (request, reply) => {
    const session = await load(request.params);
    if (!session) return reply.code(404).send({ detail: 'Not found.' });
    const now = deps.clock.now();
    const send = async (code: number, error?: CardRefusal) =>
      reply
        .code(code)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await render(request, session, error));
    if (session.status !== 'open' || session.expires_at <= now) return send(409);
    const form = cardForm.safeParse(request.body);
    const card = checkCard(form.success ? form.data : {}, now);
    if (!card.ok) return send(402, card.reason);
    await deliver(app, deps, 'checkout.session.completed', {
      id: `cs_sandbox_${suffix(session)}`,
      object: 'checkout.session',
      client_reference_id: session.id,
      mode: session.purpose === 'exchange' ? 'payment' : 'subscription',
      amount_total: minorAsWireInteger(BigInt(session.amount)),
      currency: 'eur',
      payment_status: 'paid',
      payment_intent: `pi_sandbox_${suffix(session)}`,
      subscription: session.purpose === 'subscription' ? `sub_sandbox_${suffix(session)}` : null,
    });
    // The return page polls the session: it shows "credited" once the event is applied, "pending" before.
    return reply
      .code(303)
      .header('location', `${returnPath(session)}&status=success`)
      .send();
  });

  for (const [path, type] of [
    ['renew', 'invoice.paid'],
    ['renew_failed', 'invoice.payment_failed'],
  ] as const) {
    app.post(`/checkout/:id/${path}`, async (request, reply) => {
      const session = await load(request.params);
      const subscription = session && (await findUserSubscription(deps.db, session.user_id));
      if (!session || !subscription || session.provider_subscription_id !== subscription.provider_subscription_id) {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      const periodEnd = Math.floor(addMonth(subscription.current_period_end).getTime() / 1000);
      await deliver(app, deps, type, {
        id: randomId('in'),
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: type === 'invoice.paid' ? minorAsWireInteger(BigInt(session.amount)) : 0,
        currency: 'eur',
        payment_intent: type === 'invoice.paid' ? randomId('pi') : null,
        subscription: subscription.provider_subscription_id,
        lines: { data: [{ period: { end: periodEnd } }] },
      });
      return reply.code(303).header('location', `/sandbox/checkout/${session.id}`).send();
    });
  }
};
