import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type Contact,
  contactIdParamsSchema,
  contactSchema,
  contactsPageSchema,
  contactsQuerySchema,
  createContactRequestSchema,
  updateContactRequestSchema,
} from '../../../common/api/contacts.ts';
import { pageLinks } from '../../http/pagination.ts';
import {
  createContact,
  deleteContact,
  getContact,
  listContacts,
  updateContact,
  withDisclosedLink,
  withDisclosedLinks,
  type MoneyMovedWith,
} from './contacts.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { RouteModuleOptions } from '../route-module.ts';

/**
 * Recipients (a customer's own) and agencies (public, read-only): every route needs a signed-in user. Every answer
 * shows a recipient's link and wallet only once money has moved between the two (ADR 013, withDisclosedLinks).
 */
export const contactsRoutes: FastifyPluginAsyncZod<RouteModuleOptions & { moneyMovedWith: MoneyMovedWith }> = async (
  app,
  { deps, auth, moneyMovedWith },
) => {
  const disclose = (user: AuthUser, contacts: Contact[]) => withDisclosedLinks(deps, user, contacts, moneyMovedWith);
  const discloseOne = (user: AuthUser, contact: Contact) => withDisclosedLink(deps, user, contact, moneyMovedWith);
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
      const user = auth.requireUser(request);
      const result = await listContacts(deps, user, request.query);
      const results = await disclose(user, result.results);
      return { count: result.count, ...pageLinks(request.url, page, pageSize, result.count), results };
    },
  );

  app.post(
    '/contacts/',
    {
      schema: {
        tags,
        summary: 'Add a recipient (first and last name, a phone or an e-mail, optionally a bank account)',
        security,
        body: createContactRequestSchema,
        response: { 201: contactSchema },
      },
    },
    async (request, reply) => {
      const user = auth.requireUser(request);
      return reply.code(201).send(await discloseOne(user, await createContact(deps, user, request.body)));
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
    async (request) => {
      const user = auth.requireUser(request);
      // An agency an operator closed still reads (marked closed), for the customer who withdrew there.
      return discloseOne(user, await getContact(deps, user, request.params.id, 'with closed agencies'));
    },
  );

  app.patch(
    '/contacts/:id/',
    {
      schema: {
        tags,
        summary: "Set or remove a recipient's Moroccan bank account (rib; null removes it)",
        security,
        params: contactIdParamsSchema,
        body: updateContactRequestSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => {
      const user = auth.requireUser(request);
      return discloseOne(user, await updateContact(deps, user, request.params.id, request.body));
    },
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
