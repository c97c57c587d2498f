import fs from 'node:fs/promises';
import path from 'node:path';
import { FileMigrationProvider, Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrationsDir } from '../runtime-layout.ts';

export class MigrationError extends Error {}

/**
 * Brings the schema to the latest version. Kysely's Migrator takes a lock in the database, so several servers
 * starting at once on one database migrate it once.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<MigrationResultSet> {
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
  return result;
}
