import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createScheduleRequestSchema,
  scheduleIdParamsSchema,
  scheduleSchema,
  schedulesPageSchema,
  schedulesQuerySchema,
  updateScheduleRequestSchema,
} from '../../../common/api/schedules.ts';
import { pageLinks } from '../../http/pagination.ts';
import { idempotencyKeyHeader, parseIdempotencyKey } from '../../ledger/idempotency.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { cancelSchedule, changeSchedule, createSchedule, getSchedule, schedulesPage } from './schedules.service.ts';

/** Recurring transfers (ADR 024): a customer's own; staff get 403, another customer's schedule is a 404. */
export const schedulesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  // Before validation: a caller without a session learns nothing, not even which fields are wrong.
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['schedules'];

  app.get(
    '/schedules/',
    {
      schema: {
        tags,
        summary: 'Your scheduled transfers, newest first (active, paused, finished and cancelled)',
        security,
        querystring: schedulesQuerySchema,
        response: { 200: schedulesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await schedulesPage(deps, auth.requireUser(request), page, pageSize);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/schedules/',
    {
      schema: {
        tags,
        summary:
          'Send `amount` to `contact` on a calendar: weekly, biweekly (the start date’s weekday) or monthly on `day` (1-28 or "last"), from `start_date` (not before today), until `end_date` or for `count` transfers. The security code is the mandate.',
        security,
        body: createScheduleRequestSchema,
        response: { 201: scheduleSchema },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers[idempotencyKeyHeader]);
      const result = await createSchedule(deps, auth.requireUser(request), request.body, key);
      return reply.code(201).send(result.body);
    },
  );

  app.get(
    '/schedules/:id/',
    {
      schema: {
        tags,
        summary: 'One of your schedules, with its next dates and what became of the past ones',
        security,
        params: scheduleIdParamsSchema,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => getSchedule(deps, auth.requireUser(request), request.params.id),
  );

  app.patch(
    '/schedules/:id/',
    {
      schema: {
        tags,
        summary:
          'Pause or resume (`paused`), skip the next date (`skip_next`), or change `amount` (with `security_code`)',
        security,
        params: scheduleIdParamsSchema,
        body: updateScheduleRequestSchema,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => changeSchedule(deps, auth.requireUser(request), request.params.id, request.body),
  );

  app.delete(
    '/schedules/:id/',
    {
      schema: {
        tags,
        summary: 'Cancel one of your schedules (kept in the list as cancelled)',
        security,
        params: scheduleIdParamsSchema,
      },
    },
    async (request, reply) => {
      await cancelSchedule(deps, auth.requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
