import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { findRecordByRecordId } from '../../adapters/chain/local-ledger.repository.ts';
import { parseSigningKey } from '../../security/signing-key.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { addressPage, explorerCss, notFoundPage, recordPage } from './explorer-page.ts';
import { addressPageSize, addressRecords, recordView } from './explorer.service.ts';
import { recentTrees } from '../liabilities/liabilities-admin.service.ts';
import { liabilitiesPage } from './liabilities-page.ts';
import { pageLanguage } from '../../http/page-language.ts';

const txIdPattern = /^[0-9a-f]{64}$/;
const addressPattern = /^0x[0-9a-f]{40}$/;
const recordIdPattern = /^0x[0-9a-f]{64}$/;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

/**
 * `/explorer/`: the built-in ledger's explorer. Anything that is not a well-formed id is simply not found (404
 * page), never a validation error: a public explorer answers every URL with a page.
 */
export const explorerRoutes: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // Only the key's public half is kept here: the explorer verifies, it never signs.
  const { publicKey } = parseSigningKey(deps.config.CHAIN_SIGNING_KEY);

  app.get('/explorer.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(explorerCss),
  );

  const language = (request: FastifyRequest) =>
    pageLanguage((request.query as { lang?: unknown } | undefined)?.lang, request.headers['accept-language']);

  app.get<{ Params: { id: string } }>('/tx/:id', async (request, reply) => {
    const lang = language(request);
    const id = request.params.id.toLowerCase();
    const view = txIdPattern.test(id) ? await recordView(deps, publicKey, id) : undefined;
    return view ? html(reply, 200, recordPage(view, lang)) : html(reply, 404, notFoundPage('transaction', lang));
  });

  app.get<{ Params: { address: string } }>('/address/:address', async (request, reply) => {
    const lang = language(request);
    const address = request.params.address.toLowerCase();
    if (!addressPattern.test(address)) return html(reply, 404, notFoundPage('address', lang));
    return html(reply, 200, addressPage(address, await addressRecords(deps, address), addressPageSize, lang));
  });

  // A record as data, found by its record id: what a proof-of-liabilities verifier (the app's, npm run
  // verify-proof) compares a root with, instead of taking the proof's word for it.
  app.get<{ Params: { recordId: string } }>('/records/:recordId', async (request, reply) => {
    const recordId = request.params.recordId.toLowerCase();
    const row = recordIdPattern.test(recordId) ? await findRecordByRecordId(deps.db, recordId) : undefined;
    reply.header('cache-control', 'no-cache');
    if (!row) return reply.code(404).send({ detail: 'No record with this id on the public ledger.' });
    return {
      seq: row.seq,
      record_id: row.record_id,
      tx_id: row.hash,
      prev_hash: row.prev_hash,
      signature: row.signature,
      payload: row.payload,
    };
  });

  app.get('/liabilities/', async (request, reply) =>
    html(reply, 200, liabilitiesPage(await recentTrees(deps.db, 60), deps.chain, language(request))),
  );

  app.setNotFoundHandler(async (request, reply) => html(reply, 404, notFoundPage('page', language(request))));
};
