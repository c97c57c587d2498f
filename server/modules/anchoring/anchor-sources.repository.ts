import { sql, type Kysely } from 'kysely';
import type { Database, TransactionKind, TransactionStatus } from '../../db/schema.ts';

/**
 * The anchoring module's reads and writes on the `transactions` table: the columns a public-ledger record is built
 * from, and the ledger id written back once published. The transfers module never reads or writes `tx_id` for this.
 */

/** What the anchoring worker needs of a transaction to describe it on the public ledger (no personal data). */
export interface AnchorSource {
  id: string;
  kind: TransactionKind;
  status: TransactionStatus;
  sender_user_id: string | null;
  recipient_user_id: string | null;
  agency_id: string | null;
  amount: string;
  currency: string;
  completed_at: Date;
}

/** The anchor sources of a batch of transactions, in one query (ids not found are absent from the map). */
export async function findAnchorSources(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, AnchorSource>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'kind', 'status', 'sender_user_id', 'recipient_user_id', 'agency_id', 'amount', 'currency'])
    .select(sql<Date>`coalesce(validated_at, finished_at, created_at)`.as('completed_at'))
    .where(sql<boolean>`id = any(${[...ids]}::bigint[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The public-ledger ids of a batch, once published, in one statement; the first one stays (a retry returns the
 * same id anyway).
 */
export async function storeTxIds(
  db: Kysely<Database>,
  rows: readonly { transactionId: string; txId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    UPDATE transactions AS t SET tx_id = d.tx_id
    FROM unnest(${rows.map((r) => r.transactionId)}::bigint[], ${rows.map((r) => r.txId)}::text[]) AS d(id, tx_id)
    WHERE t.id = d.id AND t.tx_id IS NULL`.execute(db);
}
