import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Transfers waiting for a recipient without an account, cash pickups not yet collected and sends held for a sanctions review and payouts the partner has not paid yet, summed per sender and currency: money the sender gets
 * back on cancel or expiry, so still owed to them (proof of liabilities, ADR 012). Runs in the caller's snapshot.
 */
export async function unclaimedBySender(
  tx: Transaction<Database>,
): Promise<{ senderUserId: string; currency: string; amount: bigint }[]> {
  const result = await sql<{ sender_user_id: string; currency: string; amount: string }>`
    SELECT sender_user_id, currency, sum(amount)::text AS amount FROM transactions
     WHERE status IN ('unclaimed', 'available', 'on_hold', 'processing', 'submitted') GROUP BY sender_user_id, currency`.execute(tx);
  return result.rows.map((r) => ({ senderUserId: r.sender_user_id, currency: r.currency, amount: BigInt(r.amount) }));
}
