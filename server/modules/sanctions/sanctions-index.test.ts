import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { sanctionsIndex } from './sanctions-index.ts';
import { testDatabaseUrl } from '../../../tests/support/test-database.ts';

/**
 * The index is cached per database handle: one process talking to two databases whose lists carry the
 * same version number (each database numbers its imports from 1) screens each one's people against that database's
 * own entries. A single module-wide cache served the first database's index to the second.
 */
const scratches: ScratchDatabase[] = [];
const handles: DatabaseHandle[] = [];

async function databaseListing(name: string): Promise<DatabaseHandle> {
  const server = new URL(testDatabaseUrl());
  server.pathname = '/postgres';
  const scratch = await createScratchDatabase(server.toString(), 'sanctions_index');
  scratches.push(scratch);
  const handle = connectDatabase({ url: scratch.url, poolMax: 2 });
  handles.push(handle);
  // Only what the index reads (migration 0220's two tables, trimmed).
  await handle.pool.query(`
    CREATE TABLE sanctions_lists (source text PRIMARY KEY, version bigint NOT NULL);
    CREATE TABLE sanctions_entries (source text NOT NULL, external_id text NOT NULL, subject_type text NOT NULL,
      names text[] NOT NULL, birth_dates text[] NOT NULL DEFAULT '{}', nationalities text[] NOT NULL DEFAULT '{}',
      programme text);
    INSERT INTO sanctions_lists VALUES ('eu', 1);
    INSERT INTO sanctions_entries (source, external_id, subject_type, names) VALUES ('eu', '1', 'person', ARRAY['${name}']);`);
  return handle;
}

let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  first = await databaseListing('Zoltan Quirinus Abendroth');
  second = await databaseListing('Perpetua Vandermolen Okonkwo');
});
afterAll(async () => {
  for (const h of handles) await h.close();
  for (const s of scratches) await s.drop();
});

it("screens each database's people against that database's lists, at the same version", async () => {
  const a = await sanctionsIndex(first.db);
  const b = await sanctionsIndex(second.db);
  expect(a.version).toBe('1');
  expect(b.version).toBe('1');
  expect(a.screen({ name: 'Zoltan Abendroth' }, 0.7)).toHaveLength(1);
  expect(a.screen({ name: 'Perpetua Okonkwo' }, 0.7)).toHaveLength(0);
  expect(b.screen({ name: 'Perpetua Okonkwo' }, 0.7)).toHaveLength(1);
  expect(b.screen({ name: 'Zoltan Abendroth' }, 0.7)).toHaveLength(0);
  // Cached: the same handle gets the same index back.
  expect(await sanctionsIndex(first.db, '1')).toBe(a);
});
