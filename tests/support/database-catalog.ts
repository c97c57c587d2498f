import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';

/** A database's functions, triggers and schema as PostgreSQL prints them back: what two databases compare by. */
export interface Catalog {
  /** Signature -> pg_get_functiondef() and the privileges. */
  functions: Record<string, string>;
  /** `trigger ON table` -> pg_get_triggerdef() and whether it is enabled. */
  triggers: Record<string, string>;
  /** `table.column` -> type, nullability, default, generation. */
  columns: Record<string, string>;
  /** `table.constraint` -> pg_get_constraintdef(). */
  constraints: Record<string, string>;
  /** Index -> pg_get_indexdef(). */
  indexes: Record<string, string>;
  /** Table -> its privileges. */
  tables: Record<string, string>;
}

async function rows(client: pg.Client, text: string): Promise<Record<string, string>> {
  const result = await client.query<{ k: string; v: string }>(text);
  return Object.fromEntries(result.rows.map((r) => [r.k, r.v]));
}

/** The catalog of the current schema, leaving out what extensions own. */
export async function readCatalog(url: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schema = 'n.nspname = current_schema()';
    return {
      functions: await rows(
        client,
        `SELECT p.oid::regprocedure::text AS k, pg_get_functiondef(p.oid) || E'\\n-- acl ' || coalesce(p.proacl::text, '') AS v
           FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE ${schema} AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                                             AND d.objid = p.oid AND d.deptype = 'e')`,
      ),
      triggers: await rows(
        client,
        `SELECT t.tgname || ' ON ' || c.relname AS k, pg_get_triggerdef(t.oid) || ' -- ' || t.tgenabled::text AS v
           FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE ${schema} AND NOT t.tgisinternal`,
      ),
      columns: await rows(
        client,
        `SELECT c.relname || '.' || a.attname AS k,
                concat_ws(' ', format_type(a.atttypid, a.atttypmod), CASE WHEN a.attnotnull THEN 'not null' END,
                          a.attidentity::text, a.attgenerated::text, pg_get_expr(d.adbin, d.adrelid)) AS v
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE ${schema} AND c.relkind IN ('r', 'p', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped`,
      ),
      constraints: await rows(
        client,
        `SELECT c.conrelid::regclass::text || '.' || c.conname AS k, pg_get_constraintdef(c.oid) AS v
           FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE ${schema}`,
      ),
      indexes: await rows(
        client,
        `SELECT i.indexrelid::regclass::text AS k, pg_get_indexdef(i.indexrelid) AS v
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE ${schema}`,
      ),
      tables: await rows(
        client,
        `SELECT c.relname AS k, coalesce(c.relacl::text, '') AS v
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${schema} AND c.relkind = 'r'`,
      ),
    };
  } finally {
    await client.end();
  }
}

/**
 * Loads a plain `pg_dump --inserts` file (gzipped) into an empty database: a database as earlier code left it.
 * psql's own commands (`\restrict` and the like) are left out; the rest is SQL, run in one call.
 */
export async function restoreDump(url: string, gzippedDump: string): Promise<void> {
  const text = gunzipSync(readFileSync(gzippedDump))
    .toString('utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
