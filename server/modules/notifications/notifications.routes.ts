import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markReadRequestSchema,
  markReadResponseSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '../../../common/api/notifications.ts';
import { pageLinks } from '../../http/pagination.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { notificationsPage, readNotifications } from './notifications.service.ts';

/** In-app notifications: each signed-in user reads and marks only their own. */
export const notificationsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['notifications'];

  app.get(
    '/notifications/',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await notificationsPage(deps, auth.requireUser(request), request.query);
      return { ...result, ...pageLinks(request.url, page, pageSize, result.count) };
    },
  );

  app.post(
    '/notifications/read/',
    {
      schema: {
        tags,
        summary: 'Mark notifications read: {"ids": [...]}, or an empty body for all (ids not yours are ignored)',
        security,
        body: markReadRequestSchema,
        response: { 200: markReadResponseSchema },
      },
    },
    async (request) => readNotifications(deps, auth.requireUser(request), request.body),
  );
};
