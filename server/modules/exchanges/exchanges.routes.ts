import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutQuerySchema,
  checkoutUrlSchema,
  exchangeIdParamsSchema,
  exchangeRequestSchema,
  exchangeSchema,
  exchangesPageSchema,
  exchangesQuerySchema,
  exchangeMessages,
  requotedSchema,
} from '../../../common/api/exchanges.ts';
import { pageLinks } from '../../http/pagination.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import {
  createDraft,
  listExchanges,
  updateDraft,
  validateExchange,
  type ValidationResult,
} from './exchanges.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';

export const exchangesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  const tags = ['exchanges'];
  const security = [{ bearer: [] }];

  app.get(
    '/exchanges/',
    {
      schema: {
        tags,
        security,
        summary: 'Your exchanges; validated=false gives the draft',
        querystring: exchangesQuerySchema,
        response: { 200: exchangesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, validated } = request.query;
      const filter = { page, pageSize, ...(validated !== undefined && { validated: validated === 'true' }) };
      const result = await listExchanges(deps, auth.requireUser(request), filter);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/exchanges/',
    {
      schema: {
        tags,
        security,
        summary: 'Create the draft (or re-price it): from_amount EUR, 1 to TOPUP_MAX_EUR',
        body: exchangeRequestSchema,
        response: { 201: exchangeSchema },
      },
    },
    async (request, reply) => {
      const exchange = await createDraft(deps, auth.requireUser(request), request.body.from_amount);
      return reply.code(201).send(exchange);
    },
  );

  app.patch(
    '/exchanges/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Change the amount of your draft',
        params: exchangeIdParamsSchema,
        body: exchangeRequestSchema,
        response: { 200: exchangeSchema },
      },
    },
    async (request) =>
      updateDraft(deps, auth.requireUser(request), String(request.params.id), request.body.from_amount),
  );

  const validate = {
    schema: {
      tags,
      security,
      summary: 'Honour the quote shown, lock it (RATE_LOCK_SECONDS) and get the card checkout URL; 409: a new quote',
      params: exchangeIdParamsSchema,
      querystring: checkoutQuerySchema,
      response: { 200: checkoutUrlSchema, 409: requotedSchema },
    },
  };
  const answer = (reply: FastifyReply, result: ValidationResult) =>
    result.kind === 'checkout'
      ? reply.code(200).send({ url: result.url })
      : reply.code(409).send({ detail: exchangeMessages.requoted, quote: result.quote });
  app.get('/exchanges/:id/validate/', validate, async (request, reply) =>
    answer(
      reply,
      await validateExchange(deps, auth.requireUser(request), String(request.params.id), undefined, request.query.lang),
    ),
  );
  app.post('/exchanges/:id/validate/', validate, async (request, reply) =>
    answer(
      reply,
      await validateExchange(
        deps,
        auth.requireUser(request),
        String(request.params.id),
        parseIdempotencyKey(request.headers[idempotencyKeyHeader]),
        request.query.lang,
      ),
    ),
  );
};
