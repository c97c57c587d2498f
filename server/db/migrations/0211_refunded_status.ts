import { sql, type Kysely } from 'kysely';

/**
 * An operator's refund reads `refunded`, not `cancelled`: the customer, the teller and the back-office
 * see that the service gave the money back, not that the sender took it back. The status joins the transfer,
 * withdrawal and pickup lifecycles as one more way out of a waiting state. The timeline trigger (migration 0180)
 * maps a status that is also a step by its name, so a refund now records its `refunded` step directly.
 *
 * Rows refunded before read `cancelled` with the refund's entry (metadata reason `refund`): they become `refunded`
 * with the update trigger off, since their `refunded` step is already recorded.
 */
const waitingKinds = (extra: string) => sql.raw(`
        (kind = 'transfer' AND status IN ('completed', 'unclaimed', 'claimed', 'cancelled', 'expired'${extra}))
        OR (kind = 'withdrawal' AND status IN ('pending', 'validated', 'cancelled', 'expired'${extra}))
        OR (kind = 'pickup' AND status IN ('available', 'collected', 'cancelled', 'expired'${extra}))
        OR (kind = 'exchange' AND status = 'completed')`);
const parties = (extra: string) => sql.raw(`
        (kind = 'exchange' AND recipient_user_id IS NOT NULL AND sender_user_id IS NULL)
        OR (kind = 'transfer' AND sender_user_id IS NOT NULL AND contact_id IS NOT NULL
            AND (status IN ('unclaimed', 'cancelled', 'expired'${extra}) OR recipient_user_id IS NOT NULL))
        OR (kind = 'withdrawal' AND sender_user_id IS NOT NULL AND agency_id IS NOT NULL AND hold_id IS NOT NULL
            AND token_hash IS NOT NULL AND token_sealed IS NOT NULL AND identifier IS NOT NULL)
        OR (kind = 'pickup' AND sender_user_id IS NOT NULL AND contact_id IS NOT NULL
            AND recipient_phone_number IS NOT NULL AND (status <> 'collected' OR agency_id IS NOT NULL))`);
const statuses = (extra: string) =>
  sql.raw(`'completed', 'unclaimed', 'claimed', 'pending', 'validated', 'cancelled', 'expired', 'available', 'collected'${extra}`);

async function constraints(db: Kysely<unknown>, extra: string): Promise<void> {
  await sql`
    ALTER TABLE transactions
      DROP CONSTRAINT transactions_status_check,
      DROP CONSTRAINT transactions_kind_status,
      DROP CONSTRAINT transactions_parties,
      ADD CONSTRAINT transactions_status_check CHECK (status IN (${statuses(extra)})) NOT VALID,
      ADD CONSTRAINT transactions_kind_status CHECK (${waitingKinds(extra)}) NOT VALID,
      ADD CONSTRAINT transactions_parties CHECK (${parties(extra)}) NOT VALID`.execute(db);
  for (const c of ['status_check', 'kind_status', 'parties']) {
    await sql`ALTER TABLE transactions VALIDATE CONSTRAINT ${sql.raw(`transactions_${c}`)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await constraints(db, ", 'refunded'");
  await sql`ALTER TABLE transactions DISABLE TRIGGER transactions_events_update`.execute(db);
  await sql`
    UPDATE transactions t SET status = 'refunded'
      FROM ledger_entries e
     WHERE t.status = 'cancelled' AND e.id = t.final_entry_id AND e.metadata->>'reason' = 'refund'`.execute(db);
  await sql`ALTER TABLE transactions ENABLE TRIGGER transactions_events_update`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions DISABLE TRIGGER transactions_events_update`.execute(db);
  await sql`UPDATE transactions SET status = 'cancelled' WHERE status = 'refunded'`.execute(db);
  await sql`ALTER TABLE transactions ENABLE TRIGGER transactions_events_update`.execute(db);
  await constraints(db, '');
}
