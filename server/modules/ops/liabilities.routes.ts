import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsLiabilitiesPageSchema, opsLiabilitiesQuerySchema } from '../../../common/api/ops-liabilities.ts';
import type { OpsLiabilityTree } from '../../../common/api/ops-liabilities.ts';
import { pageLinks } from '../../http/pagination.ts';
import {
  checkedTrees,
  formatMinor,
  safeguardingDifference,
  type CheckedTree,
} from '../liabilities/liabilities-admin.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';

/** The proof-of-liabilities snapshots for the back-office: each total against the ledger and the safeguarding account. */
export const opsLiabilitiesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  const present = (tree: CheckedTree): OpsLiabilityTree => {
    const amount = (minor: bigint) => formatMinor(tree.currency, minor);
    const safeguarding = safeguardingDifference(tree);
    return {
      snapshot_id: Number(tree.snapshot_id),
      taken_at: tree.taken_at.toISOString(),
      currency: tree.currency,
      accounts: tree.leaf_count,
      total: amount(BigInt(tree.total)),
      ledger: amount(BigInt(tree.ledger)),
      ledger_difference: amount(BigInt(tree.total) - BigInt(tree.ledger)),
      safeguarded: tree.safeguarded === null ? null : amount(BigInt(tree.safeguarded)),
      safeguarded_at: tree.safeguarded_at?.toISOString() ?? null,
      safeguarding_difference: safeguarding === undefined ? null : amount(safeguarding),
      root: tree.root,
      record_id: tree.anchor_tx_id,
      record_url:
        tree.anchor_tx_id === null
          ? null
          : deps.chain.explorer.tx.replace('{id}', encodeURIComponent(tree.anchor_tx_id)),
      anchor_error: tree.anchor_tx_id === null ? tree.anchor_error : null,
    };
  };

  app.get(
    '/liabilities/',
    {
      schema: {
        tags: ['ops'],
        summary:
          'Proof-of-liabilities snapshots, one row per currency, newest first: the published total against what the ' +
          "ledger's journal owed at that time and the safeguarding account's balance, each difference, the public record",
        security: [{ bearer: [] }],
        querystring: opsLiabilitiesQuerySchema,
        response: { 200: opsLiabilitiesPageSchema },
      },
    },
    async (request) => {
      const { page, page_size: pageSize } = request.query;
      const { count, trees } = await checkedTrees(deps.db, pageSize, (page - 1) * pageSize);
      return { count, ...pageLinks(request.url, page, pageSize, count), results: trees.map(present) };
    },
  );
};
