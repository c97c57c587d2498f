import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '../../../common/api/auth.ts';
import { fieldError } from '../../http/http-error.ts';
import type { SignInIdentifier } from './sign-in-identifier.ts';
import { logout, sendCode, verifyCode } from './auth.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';
import { clientNetwork } from './client-network.ts';

function identifierOf(body: { email?: string | undefined; phone_number?: string | undefined }): SignInIdentifier {
  if (body.email !== undefined) return { kind: 'email', value: body.email };
  if (body.phone_number !== undefined) return { kind: 'phone', value: body.phone_number };
  // The schema's refine makes this unreachable; a 400 is still the right answer if it ever is not.
  throw fieldError('email', 'This field is required.');
}

export const authRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  app.post(
    '/auth/send_code/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit sign-in code by e-mail or SMS',
        body: sendCodeRequestSchema,
        response: { 200: sendCodeResponseSchema },
      },
    },
    async (request) => {
      await sendCode(deps, identifierOf(request.body), request.body.language, clientNetwork(request.ip));
      return { detail: authMessages.codeSent };
    },
  );

  app.post(
    '/auth/verify_code/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a sign-in code for an access token (creates the account on first sign-in)',
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema },
      },
    },
    async (request) => {
      const signedIn = await verifyCode(
        deps,
        identifierOf(request.body),
        request.body.code,
        clientNetwork(request.ip),
        request.id,
      );
      return {
        access: signedIn.access,
        role: signedIn.role,
        user_id: Number(signedIn.userId),
        created: signedIn.created,
      };
    },
  );

  app.post(
    '/auth/logout/',
    {
      preHandler: auth.preHandler,
      schema: { tags: ['auth'], summary: 'End this session server-side', security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      await logout(deps, auth.requireUser(request).sessionId);
      return reply.code(204).send();
    },
  );
};
