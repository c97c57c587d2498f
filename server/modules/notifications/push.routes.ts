import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletePushSubscriptionRequestSchema,
  notificationPreferencesSchema,
  pushKeyResponseSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  renewPushSubscriptionRequestSchema,
  updateNotificationPreferencesSchema,
} from '../../../common/api/push.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { preferences, renew, subscribe, unsubscribe, updatePreferences } from './push.service.ts';

/**
 * Web Push and the channel preferences. The VAPID public key is public (a browser needs it
 * before it can subscribe, and it is in every push anyway); everything else is the signed-in user's own.
 */
export const pushRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];

  app.get(
    '/push/key/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key to subscribe with (applicationServerKey); null when Web Push is off',
        response: { 200: pushKeyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { public_key: deps.push.publicKey };
    },
  );

  app.post(
    '/push/subscriptions/renew/',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'The service worker moves a subscription the push service replaced (pushsubscriptionchange): the old endpoint and its auth secret prove it',
        body: renewPushSubscriptionRequestSchema,
        response: { 201: pushSubscriptionResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await renew(deps, request.body)),
  );

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preValidation', auth.preHandler);

    signedIn.post(
      '/push/subscriptions/',
      {
        schema: {
          tags: ['notifications'],
          summary: "Receive notifications in this browser: its PushSubscription's JSON",
          security,
          body: pushSubscriptionRequestSchema,
          response: { 201: pushSubscriptionResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await subscribe(deps, auth.requireUser(request), request.body);
        return reply.code(201).send(result);
      },
    );

    signedIn.delete(
      '/push/subscriptions/',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Stop notifications in a browser: {"endpoint"} of your own subscription (else 404)',
          security,
          body: deletePushSubscriptionRequestSchema,
        },
      },
      async (request, reply) => {
        await unsubscribe(deps, auth.requireUser(request), request.body.endpoint);
        return reply.code(204).send();
      },
    );

    signedIn.get(
      '/notifications/preferences/',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Your channels besides the in-app list (always on): e-mail, SMS, push',
          security,
          response: { 200: notificationPreferencesSchema },
        },
      },
      async (request) => preferences(deps, auth.requireUser(request)),
    );

    signedIn.patch(
      '/notifications/preferences/',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Turn e-mail, SMS or push on or off (fields not given keep their value)',
          security,
          body: updateNotificationPreferencesSchema,
          response: { 200: notificationPreferencesSchema },
        },
      },
      async (request) => updatePreferences(deps, auth.requireUser(request), request.body),
    );
  });
};
