import { sql, type Kysely } from 'kysely';

/**
 * Sanctions lists: the EU consolidated list, the UN consolidated list and OFAC's SDN list, each loaded
 * by `npm run admin -- sanctions:import` from a file an operator downloaded (nothing is fetched at run time).
 *
 * - `sanctions_lists`: one row per source, the version in force: the list's own date, when it was imported, how
 *   many entries, the file's SHA-256. `version` comes from one sequence shared by the three sources, so the
 *   largest version in the table changes with every import: each API process compares it with the version of its
 *   in-memory index and rebuilds when it moved (server/modules/sanctions/sanctions-index.ts).
 * - `sanctions_entries`: the entries of the version in force, names (the primary first, then the aliases),
 *   dates of birth ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY'), nationalities (ISO 3166 alpha-2 when recognised, else the
 *   list's words in lower case). An import deletes the source's entries and inserts the new ones in one
 *   transaction: readers see the old version or the new one, never a mix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE sanctions_list_version`.execute(db);
  await sql`
    CREATE TABLE sanctions_lists (
      source text PRIMARY KEY CHECK (source IN ('eu', 'un', 'ofac')),
      version bigint NOT NULL,
      list_date date NOT NULL,
      imported_at timestamptz NOT NULL DEFAULT now(),
      entry_count int NOT NULL CHECK (entry_count >= 0),
      file_sha256 text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$')
    )`.execute(db);
  await sql`
    CREATE TABLE sanctions_entries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      source text NOT NULL REFERENCES sanctions_lists (source),
      external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 100),
      subject_type text NOT NULL CHECK (subject_type IN ('person', 'entity')),
      names text[] NOT NULL CHECK (cardinality(names) >= 1),
      birth_dates text[] NOT NULL DEFAULT '{}',
      nationalities text[] NOT NULL DEFAULT '{}',
      programme text,
      listed_on date,
      UNIQUE (source, external_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sanctions_entries, sanctions_lists`.execute(db);
  await sql`DROP SEQUENCE sanctions_list_version`.execute(db);
}
