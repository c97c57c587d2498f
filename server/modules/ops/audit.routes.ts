import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditExportQuerySchema, auditPageSchema, auditQuerySchema } from '../../../common/api/ops.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditCsv, auditPage } from './audit.service.ts';

/** The audit trail: every operator action and sign-in, filtered, and as CSV. */
export const auditRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/audit/',
    {
      schema: {
        tags,
        summary: 'Audit trail (operators and auditors): who, what, target, reason, before/after, time, request id',
        security,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const result = await auditPage(deps, filters, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/audit/csv/',
    {
      schema: {
        tags,
        summary: 'The audit trail as CSV (same filters, newest first, at most 10,000 lines)',
        security,
        querystring: auditExportQuerySchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv(deps, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(csv);
    },
  );
};
