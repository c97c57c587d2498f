import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ListedEntry } from './sanctions-matcher.ts';
import { SanctionsIndex } from './sanctions-match-index.ts';

/**
 * This process's index of the lists in force, per database handle. The lists' version is the largest `version` of
 * `sanctions_lists` (one sequence for the three sources: every import moves it). Whoever screens asks for the index
 * with the version it read from the database (or lets this read it): an index of another version is rebuilt from
 * `sanctions_entries`, once however many requests ask at the same time. So every API process screens against what
 * the database holds now, without any message between processes; a process that never screens never loads.
 * Natural persons only: customers and recipients are people.
 */

/**
 * One cache per database handle: a process that talks to several databases (the API tests, each file on its own
 * database, in one worker) must never screen one database's people against another's lists, which a single
 * module-wide index of the same version number did.
 */
interface Cache {
  current: SanctionsIndex | null;
  loading: Promise<SanctionsIndex> | null;
}
const caches = new WeakMap<Kysely<Database>, Cache>();

function cacheOf(db: Kysely<Database>): Cache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = { current: null, loading: null };
    caches.set(db, cache);
  }
  return cache;
}

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

/**
 * The index of `version` (read from the database when not given), rebuilt when this process holds another for
 * this database handle. Pass the application's handle (deps.db), not a transaction: the cache is kept per handle.
 */
export async function sanctionsIndex(db: Kysely<Database>, version?: string): Promise<SanctionsIndex> {
  const wanted = version ?? (await listsVersion(db));
  const cache = cacheOf(db);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (cache.current !== null && cache.current.version === wanted) return cache.current;
    if (cache.loading === null) {
      cache.loading = load(db).finally(() => {
        cache.loading = null;
      });
    }
    const loaded = await cache.loading;
    // A newer import between our read and the load: the newer index serves (screening against the newest lists).
    if (cache.current === null || BigInt(loaded.version) >= BigInt(cache.current.version)) cache.current = loaded;
    if (BigInt(cache.current.version) >= BigInt(wanted)) return cache.current;
  }
  return cache.current as SanctionsIndex;
}
