import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chainInfoSchema, type ChainInfo } from '../../../common/api/chain.ts';
import type { ServiceDeps } from '../service-deps.ts';

/** `GET /api/chain/`: public and the same for everyone: which explorer the 'view' links open. */
export const chainRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (app, { deps }) => {
  app.get(
    '/chain/',
    {
      schema: { tags: ['chain'], summary: 'Public ledger explorer link templates', response: { 200: chainInfoSchema } },
    },
    async (): Promise<ChainInfo> => ({
      network: deps.chain.name,
      tx_url: deps.chain.explorer.tx,
      address_url: deps.chain.explorer.address,
    }),
  );
};
