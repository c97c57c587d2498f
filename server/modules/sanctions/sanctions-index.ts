import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SanctionsIndex, type ListedEntry } from './sanctions-matcher.ts';

/**
 * This process's index of the lists in force (issue 16). The lists' version is the largest `version` of
 * `sanctions_lists` (one sequence for the three sources: every import moves it). Whoever screens asks for the index
 * with the version it read from the database (or lets this read it): an index of another version is rebuilt from
 * `sanctions_entries`, once however many requests ask at the same time. So every API process screens against what
 * the database holds now, without any message between processes; a process that never screens never loads.
 * Natural persons only: customers and recipients are people.
 */

let current: SanctionsIndex | null = null;
let loading: Promise<SanctionsIndex> | null = null;

/** The version of the lists in force ('0' before any import). */
export async function listsVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: string }>`
    SELECT coalesce(max(version), 0)::text AS version FROM sanctions_lists`.execute(db);
  return rows[0]?.version ?? '0';
}

async function load(db: Kysely<Database>): Promise<SanctionsIndex> {
  // One snapshot: the version and the entries it numbers.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const version = await listsVersion(tx);
      const rows = await tx
        .selectFrom('sanctions_entries')
        .select(['source', 'external_id', 'names', 'birth_dates', 'nationalities', 'programme'])
        .where('subject_type', '=', 'person')
        .execute();
      const entries: ListedEntry[] = rows.map((r) => ({
        key: `${r.source}:${r.external_id}`,
        source: r.source,
        externalId: r.external_id,
        names: r.names,
        birthDates: r.birth_dates,
        nationalities: r.nationalities,
        programme: r.programme,
      }));
      return new SanctionsIndex(entries, version);
    });
}

/** The index of `version` (read from the database when not given), rebuilt when this process holds another. */
export async function sanctionsIndex(db: Kysely<Database>, version?: string): Promise<SanctionsIndex> {
  const wanted = version ?? (await listsVersion(db));
  for (let attempt = 0; attempt < 3; attempt++) {
    if (current !== null && current.version === wanted) return current;
    if (loading === null) {
      loading = load(db).finally(() => {
        loading = null;
      });
    }
    const loaded = await loading;
    // A newer import between our read and the load: the newer index serves (screening against the newest lists).
    if (current === null || BigInt(loaded.version) >= BigInt(current.version)) current = loaded;
    if (BigInt(current.version) >= BigInt(wanted)) return current;
  }
  return current as SanctionsIndex;
}
