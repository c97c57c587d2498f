import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  recoveryCodesSchema,
  recoveryIdSchema,
  recoveryStatusSchema,
  startRecoverySchema,
} from '../../../common/api/recovery.ts';
import { clientNetwork } from '../auth/client-network.ts';
import { KYC_BODY_LIMIT } from '../kyc/kyc.routes.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import './recovery.reviews.ts';
import { proveRecoveryCodes, recoveryStatus, startRecovery, submitRecoveryDocuments } from './recovery.service.ts';

/**
 * `/api/auth/recovery/`: getting back into an account whose sign-in phone or e-mail is lost (ADR 026). No session:
 * the requester is not signed in. The request's random id, given only in the first answer, is the handle of the
 * next steps; every step is rate limited.
 */
export const recoveryRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  // The identity check's upload: read into memory within the identity documents' limit, on this plugin only.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: KYC_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const actorOf = (request: { id: string; ip: string }) => ({ requestId: request.id, ip: clientNetwork(request.ip) });

  app.post(
    '/auth/recovery/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Start getting back into an account: the identifier still held and a new one (202, the same answer whoever it names)',
        body: startRecoverySchema,
        response: { 202: recoveryStatusSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const status = await startRecovery(
        deps,
        { known: body.known_identifier, fresh: body.new_identifier, language: body.language },
        actorOf(request),
      );
      return reply.code(202).send(status);
    },
  );

  app.get(
    '/auth/recovery/:id/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where an account recovery stands',
        params: recoveryIdSchema,
        response: { 200: recoveryStatusSchema },
      },
    },
    async (request) => recoveryStatus(deps, request.params.id),
  );

  app.post(
    '/auth/recovery/:id/codes/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Prove both identifiers with the codes sent to them',
        params: recoveryIdSchema,
        body: recoveryCodesSchema,
        response: { 200: recoveryStatusSchema },
      },
    },
    async (request) => proveRecoveryCodes(deps, request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/auth/recovery/:id/documents/',
    {
      bodyLimit: KYC_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary:
          'The identity check (multipart: document_type, the type on file; front, back unless passport, selfie), decided by an operator',
        params: recoveryIdSchema,
        consumes: ['multipart/form-data'],
        response: { 202: recoveryStatusSchema },
      },
    },
    async (request, reply) => {
      const status = await submitRecoveryDocuments(
        deps,
        request.params.id,
        { contentType: request.headers['content-type'], body: request.body },
        actorOf(request),
      );
      return reply.code(202).send(status);
    },
  );
};
