import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog, restoreDump, type Catalog } from '../../tests/support/database-catalog.ts';
import { createScratchDatabase, migrateDatabase, type ScratchDatabase } from '../../tests/support/scratch-database.ts';
import { connectDatabase } from './database.ts';
import { applySqlDefinitions, readSqlDefinitions } from './sql-definitions.ts';
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

/**
 * The database's functions and triggers are what server/db/sql says, and nothing else: on a database migrated from
 * nothing, and on databases that earlier code migrated (dumps in tests/fixtures/db, taken from the migrations as
 * they were before the functions' text moved to server/db/sql), which must end exactly where a fresh one does.
 */
const fixtures = path.join(import.meta.dirname, '../../tests/fixtures/db');
const files = readSqlDefinitions();
const scratches: ScratchDatabase[] = [];
let server: URL;
let fresh: ScratchDatabase;
let freshCatalog: Catalog;

beforeAll(async () => {
  server = new URL(testDatabaseUrl());
  server.pathname = '/postgres';
  fresh = await createScratchDatabase(server.toString(), 'sql_definitions_fresh', { migrate: true });
  scratches.push(fresh);
  freshCatalog = await readCatalog(fresh.url);
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
});

/** The functions and triggers a file defines, by the names the catalog keys them with (without arguments). */
function definedBy(text: string): { functions: string[]; triggers: string[] } {
  return {
    functions: [...text.matchAll(/CREATE OR REPLACE FUNCTION\s+(\w+)\s*\(/gi)].map((m) => m[1] ?? ''),
    triggers: [...text.matchAll(/CREATE TRIGGER\s+(\w+)[\s\S]*?\bON\s+(\w+)/gi)].map((m) => `${m[1]} ON ${m[2]}`),
  };
}

const functionName = (signature: string) => signature.slice(0, signature.indexOf('('));

describe('server/db/sql holds every function and trigger of a migrated database', () => {
  it('each function and each trigger is defined by exactly one file, and each file defines what exists', () => {
    const owners = (kind: 'functions' | 'triggers', name: string) =>
      files.filter((f) => definedBy(f.text)[kind].includes(name)).map((f) => f.name);
    const functions = Object.keys(freshCatalog.functions).map(functionName);
    const triggers = Object.keys(freshCatalog.triggers);
    expect(functions.length).toBeGreaterThan(20);
    expect(triggers.length).toBeGreaterThan(20);
    for (const name of functions) expect([name, owners('functions', name).length]).toEqual([name, 1]);
    for (const name of triggers) expect([name, owners('triggers', name).length]).toEqual([name, 1]);
    for (const file of files) {
      const defined = definedBy(file.text);
      for (const name of defined.functions) expect([file.name, functions.includes(name)]).toEqual([file.name, true]);
      for (const name of defined.triggers) expect([file.name, triggers.includes(name)]).toEqual([file.name, true]);
    }
  });

  it("each function's body in the database is its file's text, to the character", async () => {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; body: string }>(
        `SELECT p.proname AS name, p.prosrc AS body FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT FROM pg_depend d
                WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`,
      );
      for (const row of rows) {
        const file = files.find((f) => definedBy(f.text).functions.includes(row.name));
        expect([row.name, file?.text.includes(row.body)]).toEqual([row.name, true]);
      }
    } finally {
      await client.end();
    }
  });

  it('applying the files again changes nothing, and a migrate with nothing new applies nothing', async () => {
    expect(await migrateDatabase(fresh.url)).toContain('Functions and triggers (server/db/sql): unchanged.');
    const database = connectDatabase({ url: fresh.url, poolMax: 1 });
    try {
      expect(await applySqlDefinitions(database.db, { force: true })).toBe('applied');
    } finally {
      await database.close();
    }
    expect(await readCatalog(fresh.url)).toEqual(freshCatalog);
  });
});

describe('a database migrated by earlier code ends exactly where a fresh one does', () => {
  it.each([
    ['every migration of main before the move (up to 0570)', 'main-before-sql-files.sql.gz'],
    ['the migrations up to 0290 only', 'main-before-sql-files-at-0290.sql.gz'],
  ])('%s', async (_what, dump) => {
    const old = await createScratchDatabase(server.toString(), 'sql_definitions_old');
    scratches.push(old);
    await restoreDump(old.url, path.join(fixtures, dump));
    expect(await migrateDatabase(old.url)).toContain('Functions and triggers (server/db/sql): applied.');
    const upgraded = await readCatalog(old.url);
    expect(upgraded.functions).toEqual(freshCatalog.functions);
    expect(upgraded.triggers).toEqual(freshCatalog.triggers);
    expect(upgraded.constraints).toEqual(freshCatalog.constraints);
    expect(upgraded.indexes).toEqual(freshCatalog.indexes);
    expect(upgraded.columns).toEqual(freshCatalog.columns);
    expect(upgraded.tables).toEqual(freshCatalog.tables);
  });
});
