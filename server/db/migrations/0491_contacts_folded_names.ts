import { sql, type Kysely } from 'kysely';

/**
 * A customer's recipients list sorts and searches by names folded for case and accents (`lower(unaccent(...))`),
 * and evaluated that folding for every one of the customer's recipients at every request: the sort keys of all of
 * them for a page, the search text twice for a search (the page and its count), and the search pattern once per
 * row. For the list bench's heaviest customer (1,919 recipients) that was 3-4 ms of database CPU for the first page
 * and 9-11 ms for a search (ADR 010).
 *
 * Now the folded texts are stored with the row, computed when it is written (generated columns: PostgreSQL keeps
 * them right on every INSERT and UPDATE, whoever writes), and one index gives a customer's live recipients in
 * the list's order, so a page reads its rows from the index instead of sorting all of them.
 *
 * fold_text is unaccent's own folding with its dictionary named, declared IMMUTABLE so that a generated column may
 * use it: unaccent() is STABLE only because its dictionary could be edited; if the unaccent rules file ever
 * changed, the stored columns would have to be computed again (`UPDATE contacts SET first_name = first_name`).
 * `first_name || ' ' || ...` is concat_ws(' ', first_name, last_name, first_name, email) (concat_ws is not
 * IMMUTABLE): both names are NOT NULL, and a NULL e-mail adds nothing, as concat_ws skips it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION fold_text(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);
  await sql`ALTER TABLE contacts
    ADD COLUMN search_folded text NOT NULL
      GENERATED ALWAYS AS (fold_text(first_name || ' ' || last_name || ' ' || first_name || coalesce(' ' || email, '')))
      STORED,
    ADD COLUMN first_name_folded text NOT NULL GENERATED ALWAYS AS (fold_text(first_name)) STORED,
    ADD COLUMN last_name_folded text NOT NULL GENERATED ALWAYS AS (fold_text(last_name)) STORED`.execute(db);
  await sql`CREATE INDEX contacts_owner_folded_idx
    ON contacts (owner_user_id, first_name_folded, last_name_folded, id)
    WHERE NOT public AND deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS contacts_owner_folded_idx`.execute(db);
  await sql`ALTER TABLE contacts
    DROP COLUMN IF EXISTS search_folded,
    DROP COLUMN IF EXISTS first_name_folded,
    DROP COLUMN IF EXISTS last_name_folded`.execute(db);
  await sql`DROP FUNCTION IF EXISTS fold_text(text)`.execute(db);
}
