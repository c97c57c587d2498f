import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
// Registered when the app loads its routes: the sanctions_hit review kind's decision, and the lifecycle's answers
// on money held for a review.
import '../sanctions/sanctions.reviews.ts';
import './review-decisions.ts';
import {
  createTransactionRequestSchema,
  transactionIdParamsSchema,
  transactionSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
} from '../../../common/api/transactions.ts';
import { pageLinks } from '../../http/pagination.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import { cancelTransaction, createTransaction, getTransaction, listTransactions } from './transactions.service.ts';
import { checkPayee } from './payout-sends.ts';
import { payeeCheckRequestSchema, payeeCheckResponseSchema } from '../../../common/api/payouts.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { statementQuerySchema } from '../../../common/api/statement.ts';
import { statementFor } from './statement.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's one statement checks the session itself (the send, ADR 010): the hook checks the token only. */
    sessionInStatement?: boolean;
  }
}

/** Sends, withdrawals and the history. Every route needs a signed-in user. */
export const transactionsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', (request) =>
    request.routeOptions.config.sessionInStatement ? auth.tokenPreHandler(request) : auth.preHandler(request),
  );
  const security = [{ bearer: [] }];
  const tags = ['transactions'];

  app.get(
    '/transactions/',
    {
      schema: {
        tags,
        summary: 'Your transactions, newest first (a banker also sees the withdrawals of their agency)',
        security,
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await listTransactions(deps, auth.requireUser(request), request.query);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/transactions/',
    {
      schema: {
        tags,
        summary: 'Send to a recipient, or withdraw at an agency (Idempotency-Key supported)',
        security,
        body: createTransactionRequestSchema,
        response: { 201: transactionSchema },
      },
      config: { sessionInStatement: true },
      // The session is not read yet: a refusal of the request itself waits for it (below), so a dead session is
      // still answered 401 before a bad body is answered 400, as on every other route.
      attachValidation: true,
    },
    async (request, reply) => {
      const caller = auth.requireCaller(request);
      let key: string | undefined;
      try {
        if (request.validationError) throw request.validationError;
        key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      } catch (refusal) {
        await caller.user();
        throw refusal;
      }
      const result = await createTransaction(deps, caller, request.body, key);
      return reply.code(201).send(result.body);
    },
  );

  app.post(
    '/transactions/payee-check/',
    {
      schema: {
        tags,
        summary:
          "Confirmation of payee for a bank deposit to your recipient: whether their bank confirms the holder's name, the name as sent and the expected arrival date",
        security,
        body: payeeCheckRequestSchema,
        response: { 200: payeeCheckResponseSchema },
      },
    },
    async (request) => checkPayee(deps, auth.requireUser(request), request.body.contact),
  );

  app.get(
    '/transactions/export/',
    {
      schema: {
        tags,
        summary:
          'Your statement of a period as CSV (RFC 4180, UTF-8 with BOM): at most 366 days and 10,000 rows; header and words in ?lang=fr|en|ar|es|it|nl|de, else your own language, numbers plain',
        security,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const statement = await statementFor(deps, auth.requireUser(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statement.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(statement.csv);
    },
  );

  app.get(
    '/transactions/:id/',
    {
      schema: {
        tags,
        summary: 'One of your transactions',
        security,
        params: transactionIdParamsSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) => getTransaction(deps, auth.requireUser(request), request.params.id),
  );

  app.post(
    '/transactions/:id/cancel/',
    {
      schema: {
        tags,
        summary:
          'Cancel your pending withdrawal or unclaimed transfer: the money returns to your balance (Idempotency-Key supported)',
        security,
        params: transactionIdParamsSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) =>
      cancelTransaction(
        deps,
        auth.requireUser(request),
        request.params.id,
        parseIdempotencyKey(request.headers[idempotencyKeyHeader]),
      ),
  );
};
