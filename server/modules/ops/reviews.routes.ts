import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsIdParamsSchema } from '../../../common/api/ops.ts';
import {
  reviewDecisionRequestSchema,
  reviewDecisionResponseSchema,
  reviewSchema,
  reviewsPageSchema,
  reviewsQuerySchema,
} from '../../../common/api/ops-reviews.ts';
import { pageLinks } from '../../http/pagination.ts';
import { decideReview, reviewDetail, reviewsPage } from '../reviews/reviews.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';

/** The reviews queue (server/modules/reviews): items other modules open, decided here once by an operator. */
export const reviewsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/reviews/',
    {
      schema: {
        tags,
        summary:
          'Items waiting for a decision (state: open, approved, rejected; kind; subject; search: a name, a transaction number or reference), newest first',
        security,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const result = await reviewsPage(deps, filters, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/reviews/:id/',
    {
      schema: {
        tags,
        summary: 'One review item',
        security,
        params: opsIdParamsSchema,
        response: { 200: reviewSchema },
      },
    },
    async (request) => reviewDetail(deps, request.params.id),
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/reviews/:id/${path}/`,
      {
        schema: {
          tags,
          summary: `${path === 'approve' ? 'Approve' : 'Reject'} an open item (once: a second decision is a 409)`,
          security,
          params: opsIdParamsSchema,
          body: reviewDecisionRequestSchema,
          response: { 200: reviewDecisionResponseSchema },
        },
      },
      async (request) => {
        const user = auth.requireUser(request);
        return decideReview(deps, user, auditActorOf(request, user), {
          id: request.params.id,
          ...request.body,
          decision,
        });
      },
    );
  }
};
