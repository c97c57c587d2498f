import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  correctPickupNameRequestSchema,
  payPickupRequestSchema,
  pickupReferenceParamsSchema,
  pickupReservationSchema,
  pickupSchema,
} from '../../../../../common/api/pickups.ts';
import { transactionIdParamsSchema, transactionSchema } from '../../../../../common/api/transactions.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../../../ledger/idempotency.ts';
import type { RouteModuleOptions } from '../../../route-module.ts';
import { auditActorOf } from '../../../auth/audit-actor.ts';
import { getTransaction } from '../../transactions.service.ts';
import { correctPickupName } from './pickup-name.service.ts';
import { lookupPickup, payPickup, releasePickup, reservePickup } from './pickups.service.ts';

/**
 * Cash pickup: the teller's counter (look a reference up, reserve it, pay it out: bankers only) and the
 * sender's name correction. The send and the cancel are POST /api/transactions/ and .../cancel/.
 */
export const pickupsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['pickups'];

  app.get(
    '/pickups/:reference/',
    {
      schema: {
        tags,
        summary:
          'A cash pickup by its reference (spaces and dashes ignored), for a teller; 400 on a wrong check digit, a miss counts toward the lookup limit',
        security,
        params: pickupReferenceParamsSchema,
        response: { 200: pickupSchema },
      },
    },
    async (request) => lookupPickup(deps, auth.requireUser(request), request.params.reference),
  );

  app.post(
    '/pickups/:reference/reserve/',
    {
      schema: {
        tags,
        summary:
          'Hold a cash pickup for this teller while the ID is checked (PAYOUT_RESERVATION_SECONDS): the sender cannot cancel it, other tellers cannot pay it, it does not expire',
        security,
        params: pickupReferenceParamsSchema,
        response: { 200: pickupReservationSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return reservePickup(deps, user, auditActorOf(request, user), request.params.reference);
    },
  );

  app.post(
    '/pickups/:reference/release/',
    {
      schema: {
        tags,
        summary: "End this teller's hold on a cash pickup (no cash handed over)",
        security,
        params: pickupReferenceParamsSchema,
        response: { 200: pickupReservationSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return releasePickup(deps, user, auditActorOf(request, user), request.params.reference);
    },
  );

  app.post(
    '/pickups/:reference/pay/',
    {
      schema: {
        tags,
        summary:
          "Pay a cash pickup out after checking the recipient's ID, with the teller's security code (once; Idempotency-Key supported)",
        security,
        params: pickupReferenceParamsSchema,
        body: payPickupRequestSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return payPickup(
        deps,
        user,
        auditActorOf(request, user),
        request.params.reference,
        request.body,
        parseIdempotencyKey(request.headers[idempotencyKeyHeader]),
      );
    },
  );

  app.post(
    '/transactions/:id/recipient_name/',
    {
      schema: {
        tags,
        summary: "Correct the recipient's name on your cash pickup before it is paid out (your security code)",
        security,
        params: transactionIdParamsSchema,
        body: correctPickupNameRequestSchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      await correctPickupName(deps, user, request.params.id, request.body);
      return getTransaction(deps, user, request.params.id);
    },
  );
};
