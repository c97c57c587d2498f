import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../app-role.ts';

/**
 * 'Every entry balances' by an only writer instead of a trigger.
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
 * 3. ledger_post() is executable by the app's role only (and the owner). It runs as its owner (SECURITY DEFINER,
 *    the only role that may write the journal) and checks that an entry balances: server/db/sql/ledger_post.sql.
 * 4. The trigger ledger_postings_balanced goes: the only writer checks what it checked.
 */
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

  await sql.raw(`REVOKE ALL ON FUNCTION ${signature} FROM PUBLIC`).execute(db);
  await sql`GRANT EXECUTE ON FUNCTION ${sql.raw(signature)} TO ${role}`.execute(db);
  await sql`DROP TRIGGER ledger_postings_balanced ON ledger_postings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
            REFERENCING NEW TABLE AS new_postings
            FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_entries_balance()`.execute(db);
  await sql.raw(`GRANT EXECUTE ON FUNCTION ${signature} TO PUBLIC`).execute(db);
  // The role stays: it is cluster-wide, and other databases of the cluster may use it.
}
