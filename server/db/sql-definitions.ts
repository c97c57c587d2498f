import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { projectRoot } from '../runtime-layout.ts';

/**
 * Every database function and trigger has its current definition in one file of server/db/sql (a function with the
 * triggers that run it), applied after the versioned migrations: changing a function is editing its file, and the
 * change is a diff of that file. The files are idempotent (CREATE OR REPLACE FUNCTION; DROP TRIGGER IF EXISTS then
 * CREATE TRIGGER; GRANT and REVOKE), so applying them again leaves the catalog as it was.
 *
 * A migration may still create the first version of a function it needs itself (a backfill that calls it, a
 * generated column): that text is history, and the file replaces it once the migrations are done.
 */
/** Read from the checkout, whether the server runs built (dist/server) or from its sources. */
export const sqlDefinitionsDir = path.join(projectRoot, 'server', 'db', 'sql');

export interface SqlDefinitionFile {
  /** The file's name in server/db/sql, e.g. `wallet_send.sql`. */
  name: string;
  text: string;
  /** The files that must be applied before this one: its `-- requires: a.sql, b.sql` lines. */
  requires: string[];
}

/** The files of `dir`, in an order where each comes after the files it requires (else by name). */
export function readSqlDefinitions(dir = sqlDefinitionsDir): SqlDefinitionFile[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const requires = [...text.matchAll(/^-- requires: (.+)$/gm)].flatMap((m) =>
        (m[1] ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
      return { name, text, requires };
    });
  return inRequiredOrder(files);
}

function inRequiredOrder(files: SqlDefinitionFile[]): SqlDefinitionFile[] {
  const byName = new Map(files.map((f) => [f.name, f]));
  const ordered: SqlDefinitionFile[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (file: SqlDefinitionFile, path: string[]): void => {
    const seen = state.get(file.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`server/db/sql: ${[...path, file.name].join(' requires ')}: a cycle`);
    state.set(file.name, 'visiting');
    for (const required of file.requires) {
      const dependency = byName.get(required);
      if (!dependency) throw new Error(`server/db/sql/${file.name} requires ${required}, which is not there`);
      visit(dependency, [...path, file.name]);
    }
    state.set(file.name, 'done');
    ordered.push(file);
  };
  for (const file of files) visit(file, []);
  return ordered;
}

/** One digest of every file's name and text, in applying order: what the database records it last applied. */
export function sqlDefinitionsChecksum(files: SqlDefinitionFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.text).update('\0');
  return hash.digest('hex');
}

/**
 * Applies the files in one transaction, under an advisory lock (servers starting together apply them once), when
 * they differ from what the database last recorded or when `force` says so (a migration just ran: it may have
 * dropped or recreated something a file defines). When nothing changed nothing is done: dropping and creating a
 * trigger locks its table against every write, which a server's start must not do for nothing.
 *
 * The search_path is this schema then pg_temp while the files run: a function declared `SET search_path FROM
 * CURRENT` keeps exactly that, so a caller's own search_path cannot redirect it to tables of the caller's choosing.
 */
export async function applySqlDefinitions<DB>(
  db: Kysely<DB>,
  options: { force?: boolean; files?: SqlDefinitionFile[] } = {},
): Promise<'applied' | 'unchanged'> {
  const files = options.files ?? readSqlDefinitions();
  const checksum = sqlDefinitionsChecksum(files);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('server/db/sql', 0))`.execute(tx);
    if (!options.force) {
      const { rows } = await sql<{ checksum: string }>`SELECT checksum FROM sql_definitions_applied`.execute(tx);
      if (rows[0]?.checksum === checksum) return 'unchanged';
    }
    await sql`SELECT set_config('search_path', quote_ident(current_schema()) || ', pg_temp', true)`.execute(tx);
    for (const file of files) {
      try {
        // No parameters: the simple protocol, which runs a file's several statements in one call.
        await sql.raw(file.text).execute(tx);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`server/db/sql/${file.name}: ${reason}`, { cause: error });
      }
    }
    await sql`DELETE FROM sql_definitions_applied`.execute(tx);
    await sql`INSERT INTO sql_definitions_applied (checksum, files) VALUES (${checksum}, ${files.length})`.execute(tx);
    return 'applied';
  });
}
