import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages, confirmEmailQuerySchema, detailResponseSchema } from '../../../common/api/auth.ts';
import {
  closeAccountRequestSchema,
  dataExportSchema,
  emailConfirmationResponseSchema,
  phoneConfirmationResponseSchema,
  phoneConfirmationVerifySchema,
  setSecurityCodeRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  userSchema,
  usersListResponseSchema,
} from '../../../common/api/users.ts';
import { setSecurityCode } from './security-code.service.ts';
import { fieldError } from '../../http/http-error.ts';
import { confirmEmail, getMe, resendEmailConfirmation, updateProfile } from './users.service.ts';
import { closeAccount, exportData } from './data-rights.service.ts';
import { sendPhoneConfirmation, verifyPhoneConfirmation } from './phone-confirmation.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';

/** The current user only: every other id is 404, so ids cannot be probed. */
export const usersRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  // Before validation: a caller without a session learns nothing, not even which fields are wrong.
  app.addHook('preValidation', auth.preHandler);
  const security = [{ bearer: [] }];

  app.get(
    '/users/',
    {
      schema: {
        tags: ['users'],
        summary: 'The current user, as a one-item list',
        security,
        response: { 200: usersListResponseSchema },
      },
    },
    async (request) => {
      const me = await getMe(deps, auth.requireUser(request).id);
      return { count: 1 as const, next: null, previous: null, results: [me] as [typeof me] };
    },
  );

  app.get(
    '/users/export/',
    {
      schema: {
        tags: ['users'],
        summary:
          "Data rights: the caller's own data as JSON (profile, transactions, contacts, notifications, document states, sign-ins)",
        security,
        response: { 200: dataExportSchema },
      },
    },
    async (request, reply) => {
      const data = await exportData(deps, auth.requireUser(request).id);
      void reply.header('cache-control', 'no-store');
      void reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return data;
    },
  );

  app.post(
    '/users/close/',
    {
      schema: {
        tags: ['users'],
        summary: 'Close the account: zero balance, nothing waiting; personal data erased, identity kept 5 years',
        security,
        body: closeAccountRequestSchema,
        response: { 200: z.object({ closed: z.literal(true) }) },
      },
    },
    async (request) => {
      await closeAccount(deps, auth.requireUser(request), request.body.security_code);
      return { closed: true as const };
    },
  );

  app.patch(
    '/users/:id/',
    {
      schema: {
        tags: ['users'],
        summary: 'Update the profile (all fields; the identifier a user signs in with is locked)',
        security,
        params: userIdParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => updateProfile(deps, auth.requireUser(request).id, String(request.params.id), request.body),
  );

  app.post(
    '/users/:id/email_confirmation/',
    {
      schema: {
        tags: ['users'],
        summary:
          "Mail a new link to confirm the profile's e-mail; earlier links stop working. 400 with no e-mail or one already confirmed, 429 with Retry-After too soon after the last link or past the day's cap",
        security,
        params: userIdParamsSchema,
        response: { 202: emailConfirmationResponseSchema },
      },
    },
    async (request, reply) => {
      const email = await resendEmailConfirmation(deps, auth.requireUser(request).id, String(request.params.id));
      return reply.code(202).send({ email });
    },
  );

  app.post(
    '/users/:id/phone_confirmation/',
    {
      schema: {
        tags: ['users'],
        summary:
          "Text a 6-digit code to prove the profile's phone. 400 with no phone or one already proven, 429 with Retry-After inside the sign-in code's resend limits, 503 if the SMS provider refuses it",
        security,
        params: userIdParamsSchema,
        response: { 202: phoneConfirmationResponseSchema },
      },
    },
    async (request, reply) => {
      const phone = await sendPhoneConfirmation(deps, auth.requireUser(request).id, String(request.params.id));
      return reply.code(202).send({ phone_number: phone });
    },
  );

  app.post(
    '/users/:id/phone_confirmation/verify/',
    {
      schema: {
        tags: ['users'],
        summary:
          'Prove the profile phone with its SMS code; the transfers waiting for that phone are claimed in the same transaction. 400 on code when wrong, 429 with Retry-After after too many wrong codes',
        security,
        params: userIdParamsSchema,
        body: phoneConfirmationVerifySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const userId = auth.requireUser(request).id;
      await verifyPhoneConfirmation(deps, userId, String(request.params.id), request.body.code);
      return getMe(deps, userId);
    },
  );

  app.post(
    '/users/:id/security_code/',
    {
      schema: {
        tags: ['users'],
        summary: 'Set the 6-digit security code (changing it needs current_security_code)',
        security,
        params: userIdParamsSchema,
        body: setSecurityCodeRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const userId = auth.requireUser(request).id;
      await setSecurityCode(deps, userId, String(request.params.id), request.body);
      return getMe(deps, userId);
    },
  );
};

/**
 * The link of a confirmation mail, opened without a session (the address is proved by the link alone). Under
 * /auth/ since the link was first sent; the confirmation is the profile's, so its route is users'.
 */
export const emailConfirmationRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  app.get(
    '/auth/confirm_email/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address from the link sent by mail',
        querystring: confirmEmailQuerySchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (request) => {
      if (!(await confirmEmail(deps, request.query.code))) throw fieldError('code', authMessages.badConfirmation);
      return { detail: authMessages.emailConfirmed };
    },
  );
};
