import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsActionRequestSchema, opsIdParamsSchema } from '../../../common/api/ops.ts';
import {
  agencyCreateSchema,
  agencyUpdateSchema,
  opsAgenciesPageSchema,
  opsAgenciesQuerySchema,
  opsAgencySchema,
} from '../../../common/api/ops-people.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import {
  agenciesPage,
  agencyDetail,
  createOpsAgency,
  setOpsAgencyDisabled,
  updateOpsAgency,
} from './agencies.service.ts';
import { auditActorOf } from './ops-access.ts';

/** The agencies: list with tellers and pending payouts, create, edit, disable and enable again. */
export const agenciesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/agencies/',
    {
      schema: {
        tags,
        summary: 'Agencies (search, state: active or disabled) with their tellers and pending withdrawals and pickups',
        security,
        querystring: opsAgenciesQuerySchema,
        response: { 200: opsAgenciesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const result = await agenciesPage(deps, filters, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/agencies/:id/',
    {
      schema: { tags, summary: 'One agency', security, params: opsIdParamsSchema, response: { 200: opsAgencySchema } },
    },
    async (request) => agencyDetail(deps, request.params.id),
  );

  app.post(
    '/agencies/',
    {
      schema: {
        tags,
        summary: 'Create an agency (and its cash account)',
        security,
        body: agencyCreateSchema,
        response: { 201: opsAgencySchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const created = await createOpsAgency(deps, auditActorOf(request, user), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/agencies/:id/',
    {
      schema: {
        tags,
        summary: "Edit an agency's name, address, place or contact details",
        security,
        params: opsIdParamsSchema,
        body: agencyUpdateSchema,
        response: { 200: opsAgencySchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return updateOpsAgency(deps, auditActorOf(request, user), request.params.id, request.body);
    },
  );

  for (const [path, disabled, summary] of [
    [
      'disable',
      true,
      'Disable an agency: offered to no customer; what is pending there stays payable until it expires',
    ],
    ['enable', false, 'Enable a disabled agency again'],
  ] as const) {
    app.post(
      `/agencies/:id/${path}/`,
      {
        schema: {
          tags,
          summary,
          security,
          params: opsIdParamsSchema,
          body: opsActionRequestSchema,
          response: { 200: opsAgencySchema },
        },
      },
      async (request) => {
        const user = auth.requireUser(request);
        return setOpsAgencyDisabled(deps, user, auditActorOf(request, user), {
          id: request.params.id,
          ...request.body,
          disabled,
        });
      },
    );
  }
};
