import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionIdParamsSchema } from '../../../common/api/transactions.ts';
import { receiptQuerySchema } from '../../../common/api/timeline.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { askedOrOwnLanguage } from '../users/user-language.ts';
import { receiptFor } from './receipt.service.ts';

/** A transaction's receipt, served by the receipts module under the transaction's path. Needs a signed-in user. */
export const receiptsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['transactions'];

  app.get(
    '/transactions/:id/receipt/',
    {
      schema: {
        tags,
        summary:
          'The receipt of one of your transactions as a PDF (A4), in ?lang=fr|en|ar|es|it|nl|de, else your own language',
        security,
        params: transactionIdParamsSchema,
        querystring: receiptQuerySchema,
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const language = await askedOrOwnLanguage(deps, user.id, request.query.lang);
      const receipt = await receiptFor(deps, user, request.params.id, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(receipt.pdf);
    },
  );
};
