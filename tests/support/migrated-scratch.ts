import { inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';
import { testDatabaseUrl } from './test-database.ts';

/**
 * A migrated database of a test file's own, beside the workers', dropped by the caller: a copy of the run's migrated
 * template (global-setup.ts), for a file whose writes the later files of its worker's database must not see.
 */
export function migratedScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  return createScratchDatabase(testDatabaseUrl(), prefix, { template: inject('templateDatabase') });
}
