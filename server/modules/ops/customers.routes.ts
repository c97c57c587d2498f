import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  logoutAllResponseSchema,
  opsCaseActionRequestSchema,
  opsCustomerDetailSchema,
  opsCustomerSchema,
  opsCustomersPageSchema,
  opsCustomersQuerySchema,
  opsIdParamsSchema,
} from '../../../common/api/ops.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import {
  customerDetail,
  customersPage,
  freezeCustomer,
  logoutAll,
  unfreezeCustomer,
  unlockSecurityCode,
} from './customers.service.ts';
import { auditActorOf } from './ops-access.ts';

/** Find a customer who calls, see their account, and act on it: freeze, unlock their code, end their sessions. */
export const customersRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/customers/',
    {
      schema: {
        tags,
        summary:
          'Users by name, e-mail, phone, id or wallet address (accent- and case-insensitive), of one role or all, newest first',
        security,
        querystring: opsCustomersQuerySchema,
        response: { 200: opsCustomersPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, search, role } = request.query;
      const result = await customersPage(deps, search, page, pageSize, role);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/customers/:id/',
    {
      schema: {
        tags,
        summary: 'A user: profile, balance, recent transactions, sign-ins and the audit lines about them',
        security,
        params: opsIdParamsSchema,
        response: { 200: opsCustomerDetailSchema },
      },
    },
    async (request) => customerDetail(deps, request.params.id),
  );

  const actions = [
    ['freeze', 'Freeze a customer: they sign in and read, no money moves', freezeCustomer],
    ['unfreeze', 'Unfreeze a customer', unfreezeCustomer],
    ['unlock-security-code', "End the lock of a user's security code", unlockSecurityCode],
  ] as const;
  // Each may be taken from a help case of this customer (`case`): named in the audit line, noted in the case.
  for (const [path, summary, action] of actions) {
    app.post(
      `/customers/:id/${path}/`,
      {
        schema: {
          tags,
          summary,
          security,
          params: opsIdParamsSchema,
          body: opsCaseActionRequestSchema,
          response: { 200: opsCustomerSchema },
        },
      },
      async (request) => {
        const user = auth.requireUser(request);
        return action(deps, user, auditActorOf(request, user), { id: request.params.id, ...request.body });
      },
    );
  }

  app.post(
    '/customers/:id/logout-all/',
    {
      schema: {
        tags,
        summary: 'End every session of a user now',
        security,
        params: opsIdParamsSchema,
        body: opsCaseActionRequestSchema,
        response: { 200: logoutAllResponseSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return logoutAll(deps, user, auditActorOf(request, user), { id: request.params.id, ...request.body });
    },
  );
};
