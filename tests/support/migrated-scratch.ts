import { inject } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/**
 * A migrated database of a test file's own, beside the run's, dropped by the caller: a copy of the run's migrated
 * template (global-setup.ts), for a file whose writes the others sharing the run's database must not see.
 */
export function migratedScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  return createScratchDatabase(inject('databaseUrl'), prefix, { template: inject('templateDatabase') });
}
