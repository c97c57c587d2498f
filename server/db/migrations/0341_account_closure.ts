import { sql, type Kysely } from 'kysely';

/**
 * Account closure (data rights; ADR 015).
 *
 * - `users.closed_at`: the account is closed; its personal data is erased from the row (e-mail, phone, names,
 *   address, security code), so the sign-in identifier CHECK allows a closed row without one, and the same e-mail
 *   or phone may register again as a new customer. The row itself stays: the ledger's wallet and the transactions
 *   point at it, and they are kept whole.
 * - `closed_accounts`: what anti-money-laundering law requires to be kept for 5 years after the relationship ends
 *   (AMLR 2024/1624 art. 77: the identity and the customer due diligence data), shown to no screen. A trigger
 *   refuses every UPDATE and a DELETE before `retain_until`; purging after it is an operator's job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN closed_at timestamptz`.execute(db);
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = 'users'::regclass AND conname = 'users_login_identifier'`.execute(db);
  const def = rows[0]?.def;
  if (def === undefined || !def.startsWith('CHECK (')) throw new Error('users_login_identifier: not found');
  await sql
    .raw(
      `ALTER TABLE users DROP CONSTRAINT users_login_identifier,
         ADD CONSTRAINT users_login_identifier CHECK (closed_at IS NOT NULL OR ${def.slice('CHECK '.length)})`,
    )
    .execute(db);
  await sql`
    CREATE TABLE closed_accounts (
      user_id bigint PRIMARY KEY REFERENCES users (id),
      closed_at timestamptz NOT NULL DEFAULT now(),
      retain_until timestamptz NOT NULL,
      email text,
      phone_number text,
      first_name text NOT NULL,
      last_name text NOT NULL,
      country text,
      date_of_birth date,
      address text,
      postcode text,
      city text,
      account_id text NOT NULL,
      kyc_level integer NOT NULL,
      CONSTRAINT closed_accounts_five_years CHECK (retain_until >= closed_at + interval '5 years')
    )`.execute(db);
  await sql`
    CREATE FUNCTION closed_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'closed_accounts rows are kept as written' USING ERRCODE = 'check_violation';
      END IF;
      IF OLD.retain_until > now() THEN
        RAISE EXCEPTION 'closed_accounts row % is kept until %', OLD.user_id, OLD.retain_until
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER closed_accounts_guard BEFORE UPDATE OR DELETE ON closed_accounts
      FOR EACH ROW EXECUTE FUNCTION closed_accounts_guard()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS closed_accounts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS closed_accounts_guard()`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS closed_at`.execute(db);
}
