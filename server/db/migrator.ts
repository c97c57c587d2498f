import fs from 'node:fs/promises';
import path from 'node:path';
import { FileMigrationProvider, Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrationsDir } from '../runtime-layout.ts';
import { applySqlDefinitions } from './sql-definitions.ts';

export class MigrationError extends Error {}

export interface MigrationOutcome extends MigrationResultSet {
  /** Whether server/db/sql was applied after the migrations, or the database already held those definitions. */
  sqlDefinitions: 'applied' | 'unchanged';
}

/**
 * Brings the schema to the latest version: the versioned migrations, then the current definitions of the
 * database's functions and triggers (server/db/sql). Kysely's Migrator takes a lock in the database, and the
 * definitions another, so several servers starting at once on one database migrate it once.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationOutcome> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsDir }),
    // Features land in parallel branches: a migration numbered below one a database already ran must still run
    // (each migration touches only its own tables), instead of stopping every server on that database.
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new MigrationError(`Migration ${failed} failed: ${reason}`, { cause: result.error });
  }
  const ran = (result.results ?? []).some((r) => r.status === 'Success');
  try {
    return { ...result, sqlDefinitions: await applySqlDefinitions(db, { force: ran }) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Applying the SQL definitions failed: ${reason}`, { cause: error });
  }
}
