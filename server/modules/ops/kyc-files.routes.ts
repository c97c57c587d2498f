import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsIdParamsSchema } from '../../../common/api/ops.ts';
import { documentFile } from '../kyc/kyc.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

/** An identity document's file, for the reviews screen: operators and auditors only, never cached. */
export const kycFilesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.get(
    '/kyc/files/:id/',
    {
      schema: {
        tags: ['ops'],
        summary: 'One identity document file (decrypted; Cache-Control: no-store; the view is audited)',
        security: [{ bearer: [] }],
        params: opsIdParamsSchema,
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const file = await documentFile(deps, auditActorOf(request, user), request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="document-${request.params.id}-${file.part}.${extensions[file.mediaType]}"`)
        .type(file.mediaType)
        .send(file.bytes);
    },
  );
};
