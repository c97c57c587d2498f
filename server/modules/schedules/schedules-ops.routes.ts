import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsIdParamsSchema } from '../../../common/api/ops.ts';
import { opsCustomerSchedulesSchema } from '../../../common/api/schedules.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { customerSchedulesForOps } from './schedules.service.ts';

/**
 * The back-office's read of a customer's schedules. Registered under `/api/ops/`, whose guard lets operators and
 * auditors in (read-only) and refuses everyone else before validation.
 */
export const opsSchedulesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  app.get(
    '/customers/:id/schedules/',
    {
      schema: {
        tags: ['ops'],
        summary: "A customer's scheduled transfers, newest first, each with its past dates and why any was skipped",
        security: [{ bearer: [] }],
        params: opsIdParamsSchema,
        response: { 200: opsCustomerSchedulesSchema },
      },
    },
    async (request) => customerSchedulesForOps(deps, request.params.id),
  );
};
