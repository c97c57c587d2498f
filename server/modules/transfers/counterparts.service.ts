import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Of `others`, the users with whom `userId` has moved money: a transfer either way that reached its recipient
 * (completed, or claimed at sign-up). ADR 013: until then a recipient's link and wallet address stay hidden.
 *
 * Each side is one probe of a history index (0010: sender and recipient indexes carry the other party), stopped
 * at the first match; only a match visits the table, for its status.
 */
export async function counterpartsWithMoneyMoved(
  db: Kysely<Database>,
  userId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const moved = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) => sql`EXISTS (
    SELECT 1 FROM transactions t
    WHERE t.sender_user_id = ${from} AND t.recipient_user_id = ${to}
      AND t.kind = 'transfer' AND t.status IN ('completed', 'claimed'))`;
  const me = sql`${userId}::bigint`;
  const other = sql`o.id`;
  const result = await sql<{ id: string }>`
    SELECT o.id::text AS id FROM unnest(${[...others]}::bigint[]) AS o(id)
    WHERE ${moved(me, other)} OR ${moved(other, me)}`.execute(db);
  return new Set(result.rows.map((r) => r.id));
}
