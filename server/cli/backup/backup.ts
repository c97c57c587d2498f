import fs from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { checkLedger, type LedgerCheckReport } from '../../ledger/ledger-check.ts';
import type { Database } from '../../db/schema.ts';
import { BackupError, postgresTool, runTool } from '../../db/postgres-tools.ts';

/**
 * Backups and restores (docs/operations.md): a `pg_dump` custom-format archive taken in a snapshot that
 * this code exported first, so the ledger figures read in that same snapshot are exactly the archive's; a restore
 * into an empty database, then `ledger:check` and the same figures on what was restored, to compare.
 */

export interface BackupReport {
  file: string;
  bytes: number;
  ledger: LedgerCheckReport;
}

async function serverMajor(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version_num') AS v`.execute(db);
  return Math.floor(Number(rows[0]?.v ?? 0) / 10_000);
}

function connect(url: string): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
}

/** Takes a consistent archive of the database at `url` into `file` (refuses to overwrite one). */
export async function backupDatabase(url: string, file: string): Promise<BackupReport> {
  if (fs.existsSync(file)) throw new BackupError(`${file} exists already: choose a new file name.`);
  const db = connect(url);
  try {
    const pgDump = await postgresTool('pg_dump', await serverMajor(db));
    // The snapshot stays valid while this transaction is open: pg_dump reads exactly what checkLedger read.
    const ledger = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (tx) => {
        const { rows } = await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(tx);
        const report = await checkLedger(tx);
        await runTool(
          pgDump,
          ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]?.id}`, `--file=${file}`],
          url,
        );
        return report;
      });
    return { file, bytes: fs.statSync(file).size, ledger };
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  } finally {
    await db.destroy();
  }
}

/** Restores an archive into the empty database at `url`, all or nothing, and checks the ledger it holds. */
export async function restoreDatabase(file: string, url: string): Promise<LedgerCheckReport> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  const db = connect(url);
  try {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg_toast%'`.execute(db);
    if (Number(rows[0]?.n) > 0) {
      throw new BackupError('The target database is not empty: restore into a new, empty database (createdb).');
    }
    const pgRestore = await postgresTool('pg_restore', await serverMajor(db));
    await runTool(
      pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${decodeURIComponent(new URL(url).pathname.slice(1))}`,
        file,
      ],
      url,
    );
    return await checkLedger(db);
  } finally {
    await db.destroy();
  }
}
