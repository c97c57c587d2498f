import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRateAlertRequestSchema,
  rateAlertIdParamsSchema,
  rateAlertSchema,
  rateAlertsPageSchema,
  rateAlertsQuerySchema,
} from '../../../common/api/rate-alerts.ts';
import { pageLinks } from '../../http/pagination.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { createRateAlert, rateAlertsPage, removeRateAlert } from './rate-alerts.service.ts';

/** Rate alerts: a customer's own; staff get 403. */
export const rateAlertsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  // Before validation: a caller without a session learns nothing, not even which fields are wrong.
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['rate-alerts'];

  app.get(
    '/rate-alerts/',
    {
      schema: {
        tags,
        summary: 'Your rate alerts, newest first: active ones and those already triggered',
        security,
        querystring: rateAlertsQuerySchema,
        response: { 200: rateAlertsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await rateAlertsPage(deps, auth.requireUser(request), page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/rate-alerts/',
    {
      schema: {
        tags,
        summary:
          'Be told once when your rate reaches `threshold` (MAD per EUR): above your rate, at most 50 % above; 10 active at most',
        security,
        body: createRateAlertRequestSchema,
        response: { 201: rateAlertSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const result = await createRateAlert(deps, user, request.body, key);
      return reply.code(201).send(result.body);
    },
  );

  app.delete(
    '/rate-alerts/:id/',
    {
      schema: {
        tags,
        summary: 'Delete one of your rate alerts (active or triggered)',
        security,
        params: rateAlertIdParamsSchema,
      },
    },
    async (request, reply) => {
      await removeRateAlert(deps, auth.requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
