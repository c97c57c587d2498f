import type { Kysely } from 'kysely';

/**
 * The balance trigger's function summed the touched entries with `WHERE entry_id IN (SELECT ... FROM new_postings)`,
 * which the planner ran as a scan of the whole journal: every post cost time in proportion to every posting ever
 * written. It became one index range scan per touched entry. That was a new text of ledger_check_entries_balance();
 * a function's text lives in server/db/sql (ledger_check_entries_balance.sql), applied after the migrations, so
 * this migration has nothing left to do.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
