import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactIdParamsSchema,
  contactSchema,
  contactsPageSchema,
  contactsQuerySchema,
  createContactRequestSchema,
} from '../../../common/api/contacts.ts';
import { pageLinks } from '../../http/pagination.ts';
import { createContact, deleteContact, getContact, listContacts } from './contacts.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';

/** Recipients (a customer's own) and agencies (public, read-only): every route needs a signed-in user. */
export const contactsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  // Before validation: a caller without a session learns nothing, not even which fields are wrong.
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];
  const tags = ['contacts'];

  app.get(
    '/contacts/',
    {
      schema: {
        tags,
        summary: 'Recipients, or agencies with public=true (nearest first from latitude/longitude)',
        security,
        querystring: contactsQuerySchema,
        response: { 200: contactsPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const result = await listContacts(deps, auth.requireUser(request), request.query);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results: result.results };
    },
  );

  app.post(
    '/contacts/',
    {
      schema: {
        tags,
        summary: 'Add a recipient (first and last name, and a phone or an e-mail)',
        security,
        body: createContactRequestSchema,
        response: { 201: contactSchema },
      },
    },
    async (request, reply) => {
      const contact = await createContact(deps, auth.requireUser(request), request.body);
      return reply.code(201).send(contact);
    },
  );

  app.get(
    '/contacts/:id/',
    {
      schema: {
        tags,
        summary: 'One of your recipients, or an agency',
        security,
        params: contactIdParamsSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => getContact(deps, auth.requireUser(request), request.params.id),
  );

  app.delete(
    '/contacts/:id/',
    {
      schema: {
        tags,
        summary: 'Remove a recipient from your list (kept in the history of past transactions)',
        security,
        params: contactIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteContact(deps, auth.requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
