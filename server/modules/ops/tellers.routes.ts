import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsActionRequestSchema, opsIdParamsSchema } from '../../../common/api/ops.ts';
import {
  opsStaffPageSchema,
  opsStaffSchema,
  opsTellersQuerySchema,
  staffRequestSchema,
  staffRevokedSchema,
  tellerAddSchema,
  tellerMoveSchema,
} from '../../../common/api/ops-people.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';
import { staffPage } from './people.service.ts';
import { addTeller, disableTeller, requestTellerMove } from './tellers.service.ts';

/**
 * The tellers: list by agency, add by e-mail (a promoted account's sessions end), ask to move one to another agency
 * (a request a second operator approves), disable (sessions end at once).
 */
export const tellersRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/tellers/',
    {
      schema: {
        tags,
        summary: 'Tellers (agency, search by name, e-mail or phone), by agency then name',
        security,
        querystring: opsTellersQuerySchema,
        response: { 200: opsStaffPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const result = await staffPage(deps, { roles: ['BANKER'], ...filters }, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/tellers/',
    {
      schema: {
        tags,
        summary: 'Make someone a teller of an agency, by e-mail: promotes the account (its sessions end) or creates it',
        security,
        body: tellerAddSchema,
        response: { 201: opsStaffSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      return reply.status(201).send(await addTeller(deps, user, auditActorOf(request, user), request.body));
    },
  );

  app.post(
    '/tellers/:id/move/',
    {
      schema: {
        tags,
        summary: 'Ask to move a teller to another agency (202): a second operator approves it',
        security,
        params: opsIdParamsSchema,
        body: tellerMoveSchema,
        response: { 202: staffRequestSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const input = { id: request.params.id, ...request.body };
      return reply.status(202).send(await requestTellerMove(deps, user, auditActorOf(request, user), input));
    },
  );

  app.post(
    '/tellers/:id/disable/',
    {
      schema: {
        tags,
        summary: 'Disable a teller: back to a plain account, every session ended at once',
        security,
        params: opsIdParamsSchema,
        body: opsActionRequestSchema,
        response: { 200: staffRevokedSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return disableTeller(deps, user, auditActorOf(request, user), { id: request.params.id, ...request.body });
    },
  );
};
