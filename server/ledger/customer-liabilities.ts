import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Reads of the ledger for a proof of liabilities (ADR 012); run inside the snapshot's REPEATABLE READ transaction. */

export interface WalletLiability {
  accountId: string;
  ownerUserId: string;
  /** The owner's wallet address (users.account_id, what their profile shows); null if the owner has no user row. */
  address: string | null;
  currency: string;
  wallet: bigint;
  /** The wallet's reserved withdrawal holds: money in "withdrawals pending" that is still this customer's. */
  held: bigint;
}

/** Every customer wallet with its owner's address and reserved holds, in one query (100,000 rows for 100,000 customers). */
export async function customerWallets(tx: Transaction<Database>): Promise<WalletLiability[]> {
  const result = await sql<{
    id: string;
    owner_user_id: string;
    address: string | null;
    currency: string;
    balance: string;
    held: string;
  }>`
    SELECT a.id, a.owner_user_id, u.account_id AS address, a.currency, a.balance, coalesce(h.held, 0)::text AS held
      FROM ledger_accounts a
      LEFT JOIN users u ON u.id = a.owner_user_id
      LEFT JOIN (SELECT wallet_account_id, sum(amount) AS held FROM ledger_holds WHERE status = 'reserved'
                  GROUP BY wallet_account_id) h ON h.wallet_account_id = a.id
     WHERE a.kind = 'customer_wallet'`.execute(tx);
  return result.rows.map((r) => ({
    accountId: r.id,
    ownerUserId: r.owner_user_id,
    address: r.address,
    currency: r.currency,
    wallet: BigInt(r.balance),
    held: BigInt(r.held),
  }));
}

/** Sum of the balances per account kind and currency, for the kinds asked (as ledger:check totals them). */
export async function balancesByKind(
  tx: Transaction<Database>,
  kinds: readonly string[],
): Promise<{ kind: string; currency: string; balance: bigint }[]> {
  const result = await sql<{ kind: string; currency: string; balance: string }>`
    SELECT kind, currency, sum(balance)::text AS balance FROM ledger_accounts
     WHERE kind = ANY(${[...kinds]}::text[]) GROUP BY kind, currency`.execute(tx);
  return result.rows.map((r) => ({ kind: r.kind, currency: r.currency, balance: BigInt(r.balance) }));
}
