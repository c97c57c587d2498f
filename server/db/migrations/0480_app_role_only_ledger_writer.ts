import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../app-role.ts';

/**
 * 'Every entry balances' by an only writer instead of a trigger (issue 13 item 3, ADR 003).
 *
 * 1. The app's role (server/db/app-role.ts), NOLOGIN, neither superuser nor owner, so privileges bind it. Roles are
 *    cluster-wide and the tests migrate many databases of one cluster at once: created only when missing, and a
 *    concurrent creation by another database's migration (duplicate_object, or unique_violation while the other
 *    transaction had not committed yet) is taken as done. The migrating login becomes a member able to SET ROLE to
 *    it (a superuser needs nothing; a non-superuser owner with CREATEROLE on PostgreSQL 16+ only gets ADMIN on a role
 *    it creates, without SET, hence the check of SET there).
 * 2. Its privileges in this database: read and write every table, sequence and function of the schema, and the
 *    same for whatever later migrations create (default privileges of the migrating login), except:
 *    - ledger_entries and ledger_postings: SELECT only. The one way to write them is ledger_post();
 *    - ledger_accounts: SELECT, and INSERT of the columns an account is created with (a wallet at sign-up, an
 *      agency's cash account); not `balance`, no DELETE, no UPDATE but of created_at (SELECT ... FOR UPDATE
 *      needs UPDATE on one column; closing an account locks its wallet so): only ledger_post() moves a balance;
 *    - the migrations' own tables: SELECT only.
 * 3. ledger_post() becomes SECURITY DEFINER (it runs as the owner, the only role that may write the journal) with a
 *    fixed search_path (this schema, then pg_temp), and checks what the statement trigger checked: an entry has at
 *    least two postings and sums to zero per currency (same SQLSTATE 23514 and constraint name
 *    ledger_entry_balanced). It inserts the entry and all its postings itself, in one call, so nothing can add a
 *    posting to an entry later. Executable by the app's role only (and the owner).
 * 4. The trigger ledger_postings_balanced goes: measured at about 12 % of a post's database CPU (ADR 003). The two
 *    foreign keys of postings stay (ADR 003: measured separately).
 *
 * Note for later migrations: CREATE OR REPLACE FUNCTION ledger_post without SECURITY DEFINER would make it run as
 * the caller again, and every post from the app would then fail on privileges (loudly, never silently unchecked).
 */
export const ledgerPostOnlyWriter = (schema: string) => `
    CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_reference_type text, p_reference_id text, p_metadata jsonb,
                                p_accounts bigint[], p_currencies text[], p_amounts bigint[])
    RETURNS TABLE (entry_id bigint, account_id bigint, balance bigint) LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = "${schema.replace(/"/g, '""')}", pg_temp AS $$
    #variable_conflict use_column
    DECLARE
      r record;
      a record;
      v_entry bigint;
      v_balance bigint;
      v_count int := coalesce(cardinality(p_accounts), 0);
    BEGIN
      -- Every entry balances: what the statement trigger on postings checked, now checked by the only writer.
      IF v_count < 2 OR coalesce(cardinality(p_currencies), 0) <> v_count
         OR coalesce(cardinality(p_amounts), 0) <> v_count THEN
        RAISE EXCEPTION 'a ledger entry needs at least two postings, each with an account, a currency and an amount'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;
      SELECT u.currency, sum(u.amount) AS total INTO a
        FROM unnest(p_currencies, p_amounts) AS u(currency, amount)
       GROUP BY u.currency
      HAVING sum(u.amount) <> 0 OR count(u.amount) <> count(*)
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger entry does not balance in %: %', a.currency, a.total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;

      INSERT INTO ledger_entries (kind, reference_type, reference_id, metadata)
      VALUES (p_kind, p_reference_type, p_reference_id, p_metadata) RETURNING id INTO v_entry;
      FOR r IN
        SELECT p.account_id, sum(p.amount) AS delta, min(p.currency) AS currency,
               count(DISTINCT p.currency) AS currencies
          FROM unnest(p_accounts, p_currencies, p_amounts) AS p(account_id, currency, amount)
         GROUP BY p.account_id
         ORDER BY p.account_id
      LOOP
        LOOP
          UPDATE ledger_accounts x SET balance = x.balance + r.delta
           WHERE x.id = r.account_id AND x.currency = r.currency AND r.currencies = 1
             AND (x.balance + r.delta >= 0
                  OR x.kind NOT IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers'))
          RETURNING x.balance INTO v_balance;
          EXIT WHEN FOUND;
          -- Why not: read the row as it is now.
          SELECT x.id, x.kind, x.currency, x.balance + r.delta AS after INTO a
            FROM ledger_accounts x WHERE x.id = r.account_id;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'unknown ledger account' USING ERRCODE = 'LG002', DETAIL = (
              SELECT string_agg(y::text, ',') FROM unnest(p_accounts) AS y
               WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts z WHERE z.id = y));
          END IF;
          IF r.currencies > 1 OR a.currency <> r.currency THEN
            RAISE EXCEPTION 'account % holds %', a.id, a.currency
              USING ERRCODE = 'LG003', DETAIL = concat_ws(',', a.id, a.currency, r.currency);
          END IF;
          IF a.after < 0 AND a.kind IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers') THEN
            RAISE EXCEPTION 'account % would go below zero', a.id
              USING ERRCODE = CASE WHEN a.kind = 'customer_wallet' THEN 'LG004' ELSE 'LG005' END, DETAIL = a.id::text;
          END IF;
          -- A credit committed between the UPDATE and this read: the balance suffices now, update again.
        END LOOP;
        entry_id := v_entry;
        account_id := r.account_id;
        balance := v_balance;
        RETURN NEXT;
      END LOOP;
      INSERT INTO ledger_postings (entry_id, line, account_id, currency, amount)
      SELECT v_entry, p.line, p.account_id, p.currency, p.amount
        FROM unnest(p_accounts, p_currencies, p_amounts) WITH ORDINALITY AS p(account_id, currency, amount, line);
    END $$`;

const signature = 'ledger_post(text, text, text, jsonb, bigint[], text[], bigint[])';

export async function up(db: Kysely<unknown>): Promise<void> {
  const role = sql.id(APP_ROLE);
  await sql`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${sql.lit(APP_ROLE)}) THEN
        BEGIN
          CREATE ROLE ${role} NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
          NULL; -- created meanwhile by another database's migration on this cluster
        END;
      END IF;
      IF NOT pg_has_role(current_user, ${sql.lit(APP_ROLE)},
                         CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END)
      THEN
        BEGIN
          EXECUTE format('GRANT %I TO %I', ${sql.lit(APP_ROLE)}, current_user);
        EXCEPTION WHEN unique_violation THEN
          NULL;
        END;
      END IF;
    END $$`.execute(db);

  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no current schema');
  const s = sql.id(schema);
  await sql`GRANT USAGE ON SCHEMA ${s} TO ${role}`.execute(db);
  await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${role}`.execute(db);
  await sql`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${role}`.execute(db);
  await sql`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${role}`.execute(db);
  // Tables, sequences and functions that later migrations (run by this same login) create.
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`.execute(db);
  await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT EXECUTE ON FUNCTIONS TO ${role}`.execute(db);

  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_entries, ledger_postings FROM ${role}`.execute(db);
  await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ledger_accounts FROM ${role}`.execute(db);
  await sql`GRANT INSERT (kind, currency, owner_user_id, agency_id) ON ledger_accounts TO ${role}`.execute(db);
  // SELECT ... FOR UPDATE needs UPDATE on some column: closing an account locks its wallet that way (so a send
  // waiting for it sees it closed). created_at carries no money.
  await sql`GRANT UPDATE (created_at) ON ledger_accounts TO ${role}`.execute(db);
  for (const table of ['kysely_migration', 'kysely_migration_lock']) {
    await sql`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ${sql.table(table)} FROM ${role}`.execute(db);
  }

  await sql.raw(ledgerPostOnlyWriter(schema)).execute(db);
  await sql.raw(`REVOKE ALL ON FUNCTION ${signature} FROM PUBLIC`).execute(db);
  await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(signature)} TO ${role}`.execute(db);
  await sql`DROP TRIGGER ledger_postings_balanced ON ledger_postings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { ledgerPostLockByUpdate } = await import('./0320_ledger_post_lock_by_update.ts');
  await sql`CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
            REFERENCING NEW TABLE AS new_postings
            FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries_balance()`.execute(db);
  // 0320's body; CREATE OR REPLACE without SECURITY DEFINER makes it run as its caller again.
  await sql.raw(ledgerPostLockByUpdate).execute(db);
  await sql.raw(`ALTER FUNCTION ${signature} RESET search_path`).execute(db);
  await sql.raw(`GRANT EXECUTE ON FUNCTION ${signature} TO PUBLIC`).execute(db);
  // The role stays: it is cluster-wide, and other databases of the cluster may use it.
}
