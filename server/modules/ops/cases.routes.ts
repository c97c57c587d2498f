import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  caseAttachmentParamsSchema,
  caseIdParamsSchema,
  opsCaseMessageRequestSchema,
  opsCaseSchema,
  opsCasesPageSchema,
  opsCasesQuerySchema,
  opsCaseStateRequestSchema,
} from '../../../common/api/cases.ts';
import { pageLinks } from '../../http/pagination.ts';
import { attachmentHeaders, caseAttachment } from '../cases/case-thread.ts';
import { addOperatorMessage, casesQueue, changeCaseState, opsCase, takeCase } from '../cases/cases-ops.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { auditActorOf } from './ops-access.ts';

/** The help cases' queue and a case's page (ADR 025): operators answer and decide, auditors read. */
export const opsCasesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/cases/',
    {
      schema: {
        tags,
        summary:
          'Help cases, oldest first (filters: state, kind); `late` past the kind’s target time to a first answer',
        security,
        querystring: opsCasesQuerySchema,
        response: { 200: opsCasesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, state, kind } = request.query;
      const result = await casesQueue(deps, { state, kind }, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/cases/:id/',
    {
      schema: {
        tags,
        summary: 'One case: the thread with internal notes, the customer, the transfer’s status',
        security,
        params: caseIdParamsSchema,
        response: { 200: opsCaseSchema },
      },
    },
    async (request) => opsCase(deps, request.params.id),
  );

  app.post(
    '/cases/:id/messages/',
    {
      schema: {
        tags,
        summary: 'Answer the customer (notified), or write an internal note (`internal: true`, never shown to them)',
        security,
        params: caseIdParamsSchema,
        body: opsCaseMessageRequestSchema,
        response: { 201: opsCaseSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const result = await addOperatorMessage(deps, user, auditActorOf(request, user), request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/cases/:id/state/',
    {
      schema: {
        tags,
        summary: 'Change the state (open, waiting_customer, answered, resolved) with a reason, kept in the audit',
        security,
        params: caseIdParamsSchema,
        body: opsCaseStateRequestSchema,
        response: { 200: opsCaseSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return changeCaseState(deps, auditActorOf(request, user), request.params.id, request.body);
    },
  );

  app.post(
    '/cases/:id/assign/',
    {
      schema: {
        tags,
        summary: 'Take the case: it is assigned to you',
        security,
        params: caseIdParamsSchema,
        response: { 200: opsCaseSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return takeCase(deps, user, auditActorOf(request, user), request.params.id);
    },
  );

  app.get(
    '/cases/:id/attachments/:attachment/',
    {
      schema: {
        tags,
        summary: 'A file of a case (decrypted; Cache-Control: no-store; the view is audited)',
        security,
        params: caseAttachmentParamsSchema,
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const { id, attachment } = request.params;
      const file = await caseAttachment(
        deps,
        { user, actor: auditActorOf(request, user), staff: true },
        id,
        attachment,
      );
      return reply.headers(attachmentHeaders(attachment, file.mediaType)).send(file.bytes);
    },
  );
};
