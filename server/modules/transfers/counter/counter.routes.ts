import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { counterLookupQuerySchema, counterLookupSchema } from '../../../../common/api/counter.ts';
import type { RouteModuleOptions } from '../../route-module.ts';
import { lookupAtCounter } from './counter.service.ts';

/** The teller's counter: one lookup for whatever reference the customer reads out. Bankers only. */
export const counterRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);

  app.get(
    '/counter/lookup/',
    {
      schema: {
        tags: ['withdrawals'],
        summary:
          'What a typed reference names at this counter: a withdrawal (QR token, or reference with or without dashes) or a cash pickup (10 digits, spaces ignored); 400 on text that is neither, 404 when it names nothing (a miss counts toward the lookup limit)',
        security: [{ bearer: [] }],
        querystring: counterLookupQuerySchema,
        response: { 200: counterLookupSchema },
      },
    },
    async (request) => lookupAtCounter(deps, auth.requireUser(request), request.query.reference),
  );
};
