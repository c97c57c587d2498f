import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookAckSchema } from '../../../../../common/api/billing.ts';
import { WALLET_SIGNATURE_HEADER } from '../../../../adapters/payout-partner/sandbox-payout-partner.ts';
import type { RouteModuleOptions } from '../../../route-module.ts';
import { handleWalletCallback } from './wallet-callback.ts';

/** Callbacks are one small JSON object; anything much larger is not one. */
const callbackBodyLimit = 16 * 1024;

/**
 * The wallet operator's callback. No session: the signature of the raw body is the caller's proof, so the body
 * must reach the check byte for byte: this scope replaces the JSON parser with a raw one (as the card webhook does).
 */
export const mobileWalletRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: callbackBodyLimit }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/payouts/mobile-wallet/callback/',
      {
        schema: {
          tags: ['payouts'],
          summary: 'The mobile wallet operator answers a payout (signed; the sandbox signs the same way)',
          response: { 200: webhookAckSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[WALLET_SIGNATURE_HEADER];
        const outcome = await handleWalletCallback(deps, raw, typeof header === 'string' ? header : undefined);
        if (outcome.startsWith('ignored') || outcome === 'unknown_payout')
          request.log.warn({ outcome }, 'mobile wallet callback changed nothing');
        return { received: true as const, outcome };
      },
    );
  });
};
