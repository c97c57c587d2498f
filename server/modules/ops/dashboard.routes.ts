import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../common/api/ops-dashboard.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { dashboard } from './dashboard.service.ts';

/** The service at a glance: volumes, platform balances, queues (see dashboard.service.ts). */
export const dashboardRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  app.get(
    '/dashboard/',
    {
      schema: {
        tags: ['ops'],
        summary: "Today's and 7 days' volumes by kind and status, platform balances, anchoring, outboxes, webhooks",
        security: [{ bearer: [] }],
        response: { 200: dashboardSchema },
      },
    },
    async () => dashboard(deps),
  );
};
