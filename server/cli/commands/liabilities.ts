import { createChainAdapter } from '../../adapters/chain/create-chain-adapter.ts';
import { loadConfig } from '../../config.ts';
import { anchorPendingTrees } from '../../modules/liabilities/anchor-liabilities.ts';
import {
  formatMinor,
  recentTrees,
  recordSafeguarding,
  SafeguardingError,
  safeguardingDifference,
} from '../../modules/liabilities/liabilities-admin.service.ts';
import type { TreeRow } from '../../modules/liabilities/liabilities.repository.ts';
import { takeSnapshot } from '../../modules/liabilities/snapshot.service.ts';
import { serverKeys } from '../../security/keys.ts';
import type { AdminCommand, AdminContext } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

function describe(tree: TreeRow): string[] {
  const owed = formatMinor(tree.currency, BigInt(tree.total));
  const lines = [
    `snapshot ${tree.snapshot_id}  ${tree.taken_at.toISOString()}  ${tree.currency}  ${tree.leaf_count} accounts  owed ${owed}`,
    `  root ${tree.root}`,
    `  anchor ${tree.anchor_tx_id ?? `pending${tree.anchor_error ? ` (last error: ${tree.anchor_error})` : ''}`}`,
  ];
  const difference = safeguardingDifference(tree);
  if (difference !== undefined && tree.safeguarded !== null) {
    const sign = difference > 0n ? '+' : '';
    lines.push(
      `  safeguarded ${formatMinor(tree.currency, BigInt(tree.safeguarded))} (entered ${tree.safeguarded_at?.toISOString() ?? '?'})` +
        `  difference ${sign}${formatMinor(tree.currency, difference)}${difference < 0n ? '  SHORTFALL' : ''}`,
    );
  } else {
    lines.push('  safeguarded: not entered (liabilities:safeguarding)');
  }
  return lines;
}

export const liabilitiesSnapshotCommand: AdminCommand = {
  name: 'liabilities:snapshot',
  usage: 'liabilities:snapshot',
  summary: 'take a proof-of-liabilities snapshot now (Merkle sum tree per currency) and anchor it on the public ledger',
  async run(context: AdminContext) {
    const { db, out } = context;
    const config = context.config ?? loadConfig();
    const started = performance.now();
    const snapshot = await takeSnapshot(db);
    if (!snapshot) return 1;
    out(
      `snapshot ${snapshot.id} taken at ${snapshot.takenAt.toISOString()} in ${Math.round(performance.now() - started)} ms`,
    );
    for (const tree of snapshot.trees) {
      out(
        `  ${tree.currency}: ${tree.leafCount} accounts, owed ${formatMinor(tree.currency, tree.total)}, root ${tree.root}`,
      );
    }
    const chain = createChainAdapter(config, db, serverKeys(config.SECRET_KEY));
    const anchored = await anchorPendingTrees(
      { db, config, chain, keys: serverKeys(config.SECRET_KEY) },
      {
        treeIds: snapshot.trees.map((t) => t.id),
      },
    );
    out(
      anchored.failed === 0
        ? `anchored on the ${chain.name} ledger`
        : `anchoring failed for ${anchored.failed} tree(s): the server's schedule retries it`,
    );
    return 0;
  },
};

export const liabilitiesListCommand: AdminCommand = {
  name: 'liabilities:list',
  usage: 'liabilities:list [--limit N]',
  summary: 'the latest snapshots: total owed, root, anchor, safeguarded figure and the difference',
  async run({ db, args, out }) {
    return withUsage(this.usage, out, async () => {
      const flags = parseFlags(args, [], ['limit']);
      const limit = flags.limit === undefined ? 30 : Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be 1 to 1000');
      const trees = await recentTrees(db, limit);
      if (trees.length === 0) out('No snapshot yet (liabilities:snapshot takes one).');
      for (const tree of trees) for (const line of describe(tree)) out(line);
      return 0;
    });
  },
};

export const liabilitiesSafeguardingCommand: AdminCommand = {
  name: 'liabilities:safeguarding',
  usage: 'liabilities:safeguarding --snapshot ID --amount X [--currency MAD]',
  summary: "record the safeguarding bank account's balance for a snapshot and show the difference with what is owed",
  async run({ db, args, out }) {
    return withUsage(this.usage, out, async () => {
      const flags = parseFlags(args, ['snapshot', 'amount'], ['currency']);
      try {
        const tree = await recordSafeguarding(db, {
          snapshotId: flags.snapshot,
          currency: flags.currency ?? 'MAD',
          amount: flags.amount,
        });
        for (const line of describe(tree)) out(line);
        return 0;
      } catch (error) {
        if (error instanceof SafeguardingError) throw new UsageError(error.message);
        throw error;
      }
    });
  },
};
