import { sql, type Kysely } from 'kysely';

/**
 * The balance trigger of 0002 summed the touched entries with
 * `WHERE entry_id IN (SELECT DISTINCT entry_id FROM new_postings)`. The planner cannot estimate a transition
 * table, so it joined by scanning the whole of ledger_postings: every post() cost time in proportion to every
 * posting ever written (measured: 2,700 -> 176 posts/s at 112k postings). The check now runs once per touched
 * entry, with `entry_id = $1`, which is the leading column of the primary key: an index range scan of that entry's
 * own postings, whatever the size of the journal. Same rule, same error.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_check_entries_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_entry bigint;
      broken record;
    BEGIN
      FOR v_entry IN SELECT DISTINCT n.entry_id FROM new_postings n LOOP
        SELECT p.currency, sum(p.amount) AS total INTO broken
          FROM ledger_postings p
         WHERE p.entry_id = v_entry
         GROUP BY p.currency
        HAVING sum(p.amount) <> 0
         LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'ledger entry % does not balance in %: %', v_entry, broken.currency, broken.total
            USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_check_entries_balance() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE broken record;
    BEGIN
      SELECT p.entry_id, p.currency, sum(p.amount) AS total INTO broken
        FROM ledger_postings p
       WHERE p.entry_id IN (SELECT DISTINCT entry_id FROM new_postings)
       GROUP BY p.entry_id, p.currency
      HAVING sum(p.amount) <> 0
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'ledger entry % does not balance in %: %', broken.entry_id, broken.currency, broken.total
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_entry_balanced';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
