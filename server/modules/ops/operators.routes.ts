import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsActionRequestSchema, opsIdParamsSchema } from '../../../common/api/ops.ts';
import {
  operatorAddSchema,
  opsOperatorsQuerySchema,
  opsStaffPageSchema,
  staffRequestSchema,
  staffRoles,
} from '../../../common/api/ops-people.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';
import { staffPage } from './people.service.ts';
import { requestStaffAdd, requestStaffRemove } from './staff-members.service.ts';

/**
 * Operators managing operators: list operators and auditors; ask to add one by e-mail or to remove one, each a
 * request a second operator approves in the approvals queue (202).
 */
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
        summary:
          'Ask to make someone an operator or an auditor, by e-mail (202): once approved by a second operator, the ' +
          'account is promoted (its sessions end) or created',
        security,
        body: operatorAddSchema,
        response: { 202: staffRequestSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      return reply.status(202).send(await requestStaffAdd(deps, user, auditActorOf(request, user), request.body));
    },
  );

  app.post(
    '/operators/:id/remove/',
    {
      schema: {
        tags,
        summary:
          'Ask to remove an operator or auditor (202): once approved by a second operator, back to a plain account, ' +
          'every session ended at once',
        security,
        params: opsIdParamsSchema,
        body: opsActionRequestSchema,
        response: { 202: staffRequestSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const input = { id: request.params.id, ...request.body };
      return reply.status(202).send(await requestStaffRemove(deps, user, auditActorOf(request, user), input));
    },
  );
};
