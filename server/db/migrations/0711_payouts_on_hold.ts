import { sql, type Kysely } from 'kysely';

/**
 * A payout through a partner (a bank deposit, a mobile wallet payout) to a recipient the sanctions screening or a
 * blocking monitoring rule holds is held for review like any other send, instead of being refused: its money
 * waits in compliance-hold and the transaction is `on_hold` until an operator releases it (it then goes on by its
 * method, `processing`) or refuses it (back to the sender, `refunded`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'transactions'::regclass AND conname = 'transactions_kind_status'`.execute(db);
  const def = rows[0]?.def;
  if (def === undefined || !def.startsWith('CHECK ')) throw new Error('no constraint transactions_kind_status');
  const body = def.slice('CHECK '.length);
  await sql
    .raw(
      `ALTER TABLE transactions DROP CONSTRAINT transactions_kind_status,
         ADD CONSTRAINT transactions_kind_status CHECK (${body} OR (kind = 'payout' AND status = 'on_hold'))`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  // The wider check stays: narrowing it back would fail on any payout held meanwhile.
}
