import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseAttachmentParamsSchema,
  caseIdParamsSchema,
  caseSchema,
  casesPageSchema,
  casesQuerySchema,
} from '../../../common/api/cases.ts';
import { KYC_MAX_FILE_BYTES } from '../../../common/api/messages.ts';
import { pageLinks } from '../../http/pagination.ts';
import { auditActorOf } from '../auth/audit-actor.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { attachmentHeaders, caseAttachment } from './case-thread.ts';
import { addCustomerMessage, customerCase, customerCases, openCase } from './cases.service.ts';

/** One file of 5 MB and the form's small fields; a file over 5 MB inside it is a 413 on its field. */
const CASE_BODY_LIMIT = KYC_MAX_FILE_BYTES + 64 * 1024;

/**
 * `/api/cases/`: a customer's help cases (ADR 025). Staff get 403, another customer's case is a 404. A body is JSON,
 * or multipart/form-data with the same fields and one `file` (a picture or PDF, checked as identity documents are).
 */
export const casesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  // Before validation: a caller without a session learns nothing, not even which fields are wrong.
  app.addHook('preValidation', auth.preHandler);
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: CASE_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const security = [{ bearer: [] }];
  const tags = ['cases'];
  const consumes = ['application/json', 'multipart/form-data'];

  app.get(
    '/cases/',
    {
      schema: {
        tags,
        summary: 'Your help cases, newest first',
        security,
        querystring: casesQuerySchema,
        response: { 200: casesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await customerCases(deps, auth.requireUser(request), page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/cases/',
    {
      bodyLimit: CASE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Ask for help (Idempotency-Key accepted): `kind` (not_received, wrong_details, cannot_collect, not_credited, account, other), `message`, `transaction` (optional, one of yours); multipart with one `file` (JPEG, PNG or PDF, 5 MB)',
        security,
        consumes,
        response: { 201: caseSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const result = await openCase(
        deps,
        user,
        auditActorOf(request, user),
        { contentType: request.headers['content-type'], body: request.body },
        key,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/cases/:id/',
    {
      schema: {
        tags,
        summary: 'One of your cases with its thread',
        security,
        params: caseIdParamsSchema,
        response: { 200: caseSchema },
      },
    },
    async (request) => customerCase(deps, auth.requireUser(request), request.params.id),
  );

  app.post(
    '/cases/:id/messages/',
    {
      bodyLimit: CASE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Reply in one of your cases (Idempotency-Key accepted; `message`, multipart with one `file`); a resolved case opens again within 14 days',
        security,
        consumes,
        params: caseIdParamsSchema,
        response: { 201: caseSchema },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const result = await addCustomerMessage(
        deps,
        auth.requireUser(request),
        request.params.id,
        { contentType: request.headers['content-type'], body: request.body },
        key,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/cases/:id/attachments/:attachment/',
    {
      schema: {
        tags,
        summary: 'A file of one of your cases (Cache-Control: no-store)',
        security,
        params: caseAttachmentParamsSchema,
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const { id, attachment } = request.params;
      const file = await caseAttachment(
        deps,
        { user, actor: auditActorOf(request, user), staff: false },
        id,
        attachment,
      );
      return reply.headers(attachmentHeaders(attachment, file.mediaType)).send(file.bytes);
    },
  );
};
