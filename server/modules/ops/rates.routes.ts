import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsRatesPageSchema,
  opsRatesQuerySchema,
  setRatesRequestSchema,
  setRatesResponseSchema,
} from '../../../common/api/ops-rates.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';
import { ratesPage, setOpsRates } from './rates.service.ts';

/** The rates history, and new rates from now or later (four eyes past OPS_RATE_CHANGE_FOUR_EYES_PCT). */
export const opsRatesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/rates/',
    {
      schema: {
        tags,
        summary: 'Rates history (scheduled first): who set each row, when, from when it applies; the rates in force',
        security,
        querystring: opsRatesQuerySchema,
        response: { 200: opsRatesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await ratesPage(deps, page, pageSize);
      return { ...result, ...pageLinks(request.url, page, pageSize, result.count) };
    },
  );

  app.post(
    '/rates/',
    {
      schema: {
        tags,
        summary:
          'Set the official and customer rates (and card fee) from now or a later time: 200 set, 202 waits for approval',
        security,
        body: setRatesRequestSchema,
        response: { 200: setRatesResponseSchema, 202: setRatesResponseSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const result = await setOpsRates(deps, user, auditActorOf(request, user), request.body, key);
      return reply.code(result.status === 202 ? 202 : 200).send(result.body);
    },
  );
};
