import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalDecisionResponseSchema,
  approvalsPageSchema,
  approvalsQuerySchema,
  cancelResponseSchema,
  opsActionRequestSchema,
  opsCaseActionRequestSchema,
  opsIdParamsSchema,
  opsTransactionDetailSchema,
  opsTransactionsPageSchema,
  opsTransactionsQuerySchema,
  refundResponseSchema,
  resendPickupSmsRequestSchema,
  resendPickupSmsResponseSchema,
} from '../../../common/api/ops.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { cancelForCustomer, resendPickupSms } from './customer-care.service.ts';
import { auditActorOf } from './ops-access.ts';
import {
  approvalsPage,
  decide,
  refundTransaction,
  transactionDetail,
  transactionsPage,
} from './transactions.service.ts';

/** Every transaction, its ledger entries, refunds, and the four-eyes requests of the refunds above the threshold. */
export const opsTransactionsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  const security = [{ bearer: [] }];
  const tags = ['ops'];

  app.get(
    '/transactions/',
    {
      schema: {
        tags,
        summary:
          'All transactions: search by id, reference, phone or name; filter by kind, status, dates, amount, agency',
        security,
        querystring: opsTransactionsQuerySchema,
        response: { 200: opsTransactionsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await transactionsPage(deps, request.query);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.get(
    '/transactions/:id/',
    {
      schema: {
        tags,
        summary: 'One transaction with its ledger entries and postings, and its timeline',
        security,
        params: opsIdParamsSchema,
        response: { 200: opsTransactionDetailSchema },
      },
    },
    async (request) => transactionDetail(deps, request.params.id),
  );

  app.post(
    '/transactions/:id/refund/',
    {
      schema: {
        tags,
        summary:
          'Refund money still waiting (unclaimed transfer, pending withdrawal): 200 done, 202 waits for approval; from a help case about it with `case` (named in the audit line, noted in the case)',
        security,
        params: opsIdParamsSchema,
        body: opsCaseActionRequestSchema,
        response: { 200: refundResponseSchema, 202: refundResponseSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const result = await refundTransaction(
        deps,
        user,
        auditActorOf(request, user),
        { id: request.params.id, ...request.body },
        key,
      );
      return reply.code(result.status === 202 ? 202 : 200).send(result.body);
    },
  );

  app.post(
    '/transactions/:id/cancel/',
    {
      schema: {
        tags,
        summary:
          "Cancel for the customer, on the customer's own rules (pending withdrawal, unclaimed transfer, available pickup): the money returns to the sender's balance; 409 above the four-eyes threshold (use the refund); from a help case with `case` (Idempotency-Key supported)",
        security,
        params: opsIdParamsSchema,
        body: opsCaseActionRequestSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      return cancelForCustomer(
        deps,
        user,
        auditActorOf(request, user),
        { id: request.params.id, ...request.body },
        key,
      );
    },
  );

  app.post(
    '/transactions/:id/resend-pickup-sms/',
    {
      schema: {
        tags,
        summary:
          "Send a cash pickup's SMS (reference, validity) to its recipient again: refused once collected, cancelled, expired or held; at most 3 times a day (429); from a help case with `case`",
        security,
        params: opsIdParamsSchema,
        body: resendPickupSmsRequestSchema,
        response: { 200: resendPickupSmsResponseSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return resendPickupSms(deps, user, auditActorOf(request, user), { id: request.params.id, ...request.body });
    },
  );

  app.get(
    '/approvals/',
    {
      schema: {
        tags,
        summary: 'Four-eyes requests (state: pending, approved, rejected, expired)',
        security,
        querystring: approvalsQuerySchema,
        response: { 200: approvalsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, ...filters } = request.query;
      const result = await approvalsPage(deps, filters, page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  for (const [path, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/approvals/:id/${path}/`,
      {
        schema: {
          tags,
          summary: `${path === 'approve' ? 'Approve' : 'Reject'} another operator's request`,
          security,
          params: opsIdParamsSchema,
          body: opsActionRequestSchema,
          response: { 200: approvalDecisionResponseSchema },
        },
      },
      async (request) => {
        const user = auth.requireUser(request);
        return decide(deps, user, auditActorOf(request, user), { id: request.params.id, ...request.body, decision });
      },
    );
  }
};
