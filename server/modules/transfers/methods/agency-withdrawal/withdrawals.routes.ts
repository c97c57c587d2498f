import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionSchema } from '../../../../../common/api/transactions.ts';
import {
  payoutsTodayQuerySchema,
  payoutsTodaySchema,
  tellerWithdrawalSchema,
  validateWithdrawalRequestSchema,
  withdrawalReservationRequestSchema,
  withdrawalReservationSchema,
  withdrawalTokenParamsSchema,
} from '../../../../../common/api/withdrawals.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../../../ledger/idempotency.ts';
import { releasePayout, reserveForPayout } from './withdrawal-reservation.service.ts';
import { lookupWithdrawal, payoutsToday, validateWithdrawal } from './withdrawals.service.ts';
import type { RouteModuleOptions } from '../../../route-module.ts';
import { auditActorOf } from '../../../auth/audit-actor.ts';

/** The teller's counter: look up a scanned QR token, pay it out. Bankers only. */
export const withdrawalsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['withdrawals'];

  app.get(
    '/withdrawals/today/',
    {
      schema: {
        tags,
        summary: "What the teller's agency paid out today (withdrawals and cash pickups): count and total",
        security,
        querystring: payoutsTodayQuerySchema,
        response: { 200: payoutsTodaySchema },
      },
    },
    async (request) => payoutsToday(deps, auth.requireUser(request), request.query.tz),
  );

  app.get(
    '/withdrawals/:token/',
    {
      schema: {
        tags,
        summary: 'A withdrawal by its QR token, for the tellers of its agency (404 otherwise)',
        security,
        params: withdrawalTokenParamsSchema,
        response: { 200: tellerWithdrawalSchema },
      },
    },
    async (request) => lookupWithdrawal(deps, auth.requireUser(request), request.params.token),
  );

  app.post(
    '/withdrawals/:token/validate/',
    {
      schema: {
        tags,
        summary: "Pay a withdrawal out with the teller's security code (once; Idempotency-Key supported)",
        security,
        params: withdrawalTokenParamsSchema,
        body: validateWithdrawalRequestSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const user = auth.requireUser(request);
      const actor = auditActorOf(request, user);
      const result = await validateWithdrawal(deps, user, actor, request.params.token, request.body, key);
      return reply.code(200).send(result.body);
    },
  );

  app.post(
    '/withdrawals/:token/reserve/',
    {
      schema: {
        tags,
        summary:
          'Hold a withdrawal for this teller while the cash is counted (PAYOUT_RESERVATION_SECONDS): the customer cannot cancel it, other tellers cannot pay it, it does not expire',
        security,
        params: withdrawalTokenParamsSchema,
        body: withdrawalReservationRequestSchema,
        response: { 200: withdrawalReservationSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return reserveForPayout(deps, user, auditActorOf(request, user), request.params.token, request.body);
    },
  );

  app.post(
    '/withdrawals/:token/release/',
    {
      schema: {
        tags,
        summary: "End this teller's reservation of a withdrawal (no cash handed over)",
        security,
        params: withdrawalTokenParamsSchema,
        body: withdrawalReservationRequestSchema,
        response: { 200: withdrawalReservationSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return releasePayout(deps, user, auditActorOf(request, user), request.params.token, request.body);
    },
  );
};
