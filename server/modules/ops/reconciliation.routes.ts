import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reconciliationQuerySchema, reconciliationSchema } from '../../../common/api/ops-reconciliation.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { reconcile, reconciliationCsv } from './reconciliation.service.ts';

/** One day's reconciliation: the ledger check, card payments against top-ups, payouts per agency, differences. */
export const reconciliationRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  app.get(
    '/reconciliation/',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Reconciliation of one UTC day: ledger:check, card payments reported vs top-ups credited, payouts per agency ' +
          '(ledger vs withdrawals and pickups paid), each difference; format=csv for RFC 4180 CSV (UTF-8 with BOM)',
        security: [{ bearer: [] }],
        querystring: reconciliationQuerySchema,
        response: { 200: z.union([reconciliationSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      const report = await reconcile(deps.db, request.query.date);
      if (request.query.format !== 'csv') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${request.query.date}.csv"`)
        .send(reconciliationCsv(report));
    },
  );
};
