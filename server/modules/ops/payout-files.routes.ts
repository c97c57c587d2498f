import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsIdParamsSchema } from '../../../common/api/ops.ts';
import {
  payoutFileDetailSchema,
  payoutFilesPageSchema,
  payoutFilesQuerySchema,
} from '../../../common/api/ops-payout-files.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { payoutFileDetail, payoutFilesPage } from './payout-files.service.ts';

/** The bank deposits' payment files and what the bank's reports made of each transfer: read-only. */
export const payoutFilesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/payout-files/',
    {
      schema: {
        tags,
        summary:
          'Payment files of bank deposits (pain.001), newest first: message id, created, transfers, control sum, ' +
          'how many transfers are submitted, credited and returned',
        security,
        querystring: payoutFilesQuerySchema,
        response: { 200: payoutFilesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await payoutFilesPage(deps.db, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/payout-files/:id/',
    {
      schema: {
        tags,
        summary: 'One payment file and each of its transfers: submitted, credited, or returned with the bank reason',
        security,
        params: opsIdParamsSchema,
        response: { 200: payoutFileDetailSchema },
      },
    },
    async (request) => payoutFileDetail(deps.db, request.params.id),
  );
};
