import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kycStatusSchema } from '../../../common/api/kyc.ts';
import { KYC_MAX_FILE_BYTES } from '../../../common/api/messages.ts';
import { auditActorOf } from '../auth/audit-actor.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import './kyc.reviews.ts';
import { kycStatus, submitDocuments } from './kyc.service.ts';

/**
 * The body limit of the upload only: three files of 5 MB and the form's small fields. A file over 5 MB inside it
 * is answered 413 on its field; a body over this is refused unread (413) like any other oversized body. The global
 * BODY_LIMIT_BYTES keeps every JSON route small.
 */
export const KYC_BODY_LIMIT = 3 * KYC_MAX_FILE_BYTES + 64 * 1024;

/** `/api/kyc/`: the customer's identity documents. */
export const kycRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  // Multipart is read into memory here only (this plugin's routes), within KYC_BODY_LIMIT; checkSubmission splits it.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: KYC_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const security = [{ bearer: [] }];

  app.get(
    '/kyc/',
    {
      schema: {
        tags: ['kyc'],
        summary: 'Identity verification state: none, pending, approved or rejected (with the reason)',
        security,
        response: { 200: kycStatusSchema },
      },
    },
    async (request) => kycStatus(deps, auth.requireUser(request).id),
  );

  app.post(
    '/kyc/submissions/',
    {
      bodyLimit: KYC_BODY_LIMIT,
      schema: {
        tags: ['kyc'],
        summary:
          'Send an identity document (multipart: document_type, front, back unless passport, selfie; JPEG, PNG or PDF, 5 MB each; date_of_birth, address, postcode, city when the profile lacks them)',
        security,
        consumes: ['multipart/form-data'],
        response: { 201: kycStatusSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const status = await submitDocuments(deps, user, auditActorOf(request, user), {
        contentType: request.headers['content-type'],
        body: request.body,
      });
      return reply.code(201).send(status);
    },
  );
};
