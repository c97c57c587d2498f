import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  paymentSessionParamsSchema,
  paymentSessionSchema,
  subscriptionStateSchema,
  webhookAckSchema,
} from '../../../common/api/billing.ts';
import { checkoutQuerySchema, checkoutUrlSchema } from '../../../common/api/exchanges.ts';
import { signatureHeader } from '../../adapters/payments/webhook-signature.ts';
import { getPaymentSession } from './billing.service.ts';
import { cancelSubscription, startSubscription, subscriptionState } from './subscriptions.service.ts';
import { handleWebhook } from './webhook.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';

/** Provider events are small; anything much larger is not one. */
const webhookBodyLimit = 256 * 1024;

export const billingRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const tags = ['billing'];
  const security = [{ bearer: [] }];

  // The webhook in a scope of its own: its body must reach the signature check byte for byte, so this scope
  // replaces the JSON parser with a raw one, and the authenticated routes below never see it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/billing/webhook/',
      {
        schema: {
          tags,
          summary: 'Payment provider events (Stripe-signed; the sandbox signs the same way)',
          response: { 200: webhookAckSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[signatureHeader];
        const outcome = await handleWebhook(deps, raw, typeof header === 'string' ? header : undefined);
        return { received: true as const, outcome };
      },
    );
  });

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preValidation', auth.preHandler);
    scope.get(
      '/billing/create_subscription/',
      {
        schema: {
          tags,
          security,
          summary: 'Checkout page of the monthly plan (4.50 EUR)',
          querystring: checkoutQuerySchema,
          response: { 200: checkoutUrlSchema },
        },
      },
      async (request) => ({ url: await startSubscription(deps, auth.requireUser(request), request.query.lang) }),
    );
    scope.get(
      '/billing/cancel_subscription/',
      {
        schema: {
          tags,
          security,
          summary: 'Stop renewing; the better rate lasts to the period end',
          response: { 200: subscriptionStateSchema },
        },
      },
      async (request) => cancelSubscription(deps, auth.requireUser(request)),
    );
    scope.get(
      '/billing/subscription/',
      { schema: { tags, security, summary: 'Your subscription state', response: { 200: subscriptionStateSchema } } },
      async (request) => subscriptionState(deps, auth.requireUser(request).id),
    );
    scope.get(
      '/billing/sessions/:id/',
      {
        schema: {
          tags,
          security,
          summary: 'A checkout of yours and its result (the return page polls it)',
          params: paymentSessionParamsSchema,
          response: { 200: paymentSessionSchema },
        },
      },
      async (request) => getPaymentSession(deps, auth.requireUser(request), request.params.id),
    );
  });
};
