import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liabilityProofQuerySchema, liabilityProofResponseSchema } from '../../../common/api/liabilities.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { proofsFor } from './proof.service.ts';

/** Proof of liabilities (ADR 012): each customer's own leaf and path; the public side is /explorer/liabilities/. */
export const liabilitiesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  app.get(
    '/liabilities/proof/',
    {
      schema: {
        tags: ['liabilities'],
        summary: "The caller's proof that their balance is in the published total (latest snapshot, or ?snapshot=)",
        security: [{ bearer: [] }],
        querystring: liabilityProofQuerySchema,
        response: { 200: liabilityProofResponseSchema },
      },
    },
    async (request) => proofsFor(deps, auth.requireUser(request), request.query.snapshot),
  );
};
