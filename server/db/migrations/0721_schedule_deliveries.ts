import { sql, type Kysely } from 'kysely';

/**
 * Recurring transfers by every payout method (ADR 024): a schedule may pay into the recipient's wallet, as cash to
 * collect at an agency, to their Moroccan bank account or to their Moroccan mobile wallet. `confirm_payee` keeps
 * that the sender accepted, when making the order, a bank that does not confirm the holder's name (a bank deposit's
 * confirmation of payee), as a hand-made deposit's `confirm_payee` does for one send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE schedules DROP CONSTRAINT schedules_delivery_check`.execute(db);
  await sql`
    ALTER TABLE schedules ADD CONSTRAINT schedules_delivery_check
      CHECK (delivery IN ('wallet', 'cash_pickup', 'bank_deposit', 'mobile_wallet'))`.execute(db);
  await sql`ALTER TABLE schedules ADD COLUMN confirm_payee boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE schedules DROP COLUMN confirm_payee`.execute(db);
  await sql`ALTER TABLE schedules DROP CONSTRAINT schedules_delivery_check`.execute(db);
  await sql`ALTER TABLE schedules ADD CONSTRAINT schedules_delivery_check CHECK (delivery IN ('wallet'))`.execute(db);
}
