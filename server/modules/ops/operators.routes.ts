import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsActionRequestSchema, opsIdParamsSchema } from '../../../common/api/ops.ts';
import {
  operatorAddSchema,
  opsOperatorsQuerySchema,
  opsStaffPageSchema,
  opsStaffSchema,
  staffRevokedSchema,
  staffRoles,
} from '../../../common/api/ops-people.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';
import { staffPage } from './people.service.ts';
import { addStaffMember, removeStaffMember } from './staff-members.service.ts';

/** Operators managing operators (issue 15): list operators and auditors, add one by e-mail, remove one. */
export const operatorsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/operators/',
    {
      schema: {
        tags,
        summary: 'Operators and auditors (role), by name',
        security,
        querystring: opsOperatorsQuerySchema,
        response: { 200: opsStaffPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, role } = request.query;
      const result = await staffPage(deps, { roles: role ? [role] : staffRoles }, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/operators/',
    {
      schema: {
        tags,
        summary: 'Make someone an operator or an auditor, by e-mail: promotes the account or creates it',
        security,
        body: operatorAddSchema,
        response: { 201: opsStaffSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      return reply.status(201).send(await addStaffMember(deps, user, auditActorOf(request, user), request.body));
    },
  );

  app.post(
    '/operators/:id/remove/',
    {
      schema: {
        tags,
        summary: 'Remove an operator or auditor: back to a plain account, every session ended at once',
        security,
        params: opsIdParamsSchema,
        body: opsActionRequestSchema,
        response: { 200: staffRevokedSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return removeStaffMember(deps, user, auditActorOf(request, user), { id: request.params.id, ...request.body });
    },
  );
};
