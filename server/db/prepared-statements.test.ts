import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, isDatabaseUnavailable, StatementNames } from './database.ts';
import { testDatabaseUrl } from '../../tests/support/test-database.ts';

// Named prepared statements against a real PostgreSQL: parsed once per connection, and a
// statement whose result columns a migration changed costs one retryable failure, not a stuck connection.
const database = connectDatabase({ url: testDatabaseUrl(), poolMax: 1, preparedStatements: true });
afterAll(() => database.close());

const table = `prepared_probe_${process.pid}_${Date.now()}`;

async function preparedOnConnection(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(database.db);
  return rows.map((r) => r.statement);
}

describe('prepared statements', () => {
  it('runs a parameterised query as a statement prepared once on its connection', async () => {
    for (let i = 0; i < 3; i++) {
      const { rows } = await sql<{ n: number }>`SELECT ${i}::int + 1 AS n`.execute(database.db);
      expect(rows[0]?.n).toBe(i + 1);
    }
    const prepared = await preparedOnConnection();
    expect(prepared.filter((s) => s.includes('$1::int + 1'))).toHaveLength(1);
  });

  it('answers a retryable error when a column change makes the plan stale, then works on a fresh connection', async () => {
    await sql.raw(`CREATE TABLE ${table} (id int PRIMARY KEY)`).execute(database.db);
    try {
      await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(database.db);
      const select = () => sql<{ id: number }>`SELECT * FROM ${sql.table(table)} WHERE id = ${1}`.execute(database.db);
      expect((await select()).rows).toEqual([{ id: 1 }]);
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN note text`).execute(database.db);
      const stale = await select().catch((error: unknown) => error);
      expect(isDatabaseUnavailable(stale)).toBe(true);
      expect((await select()).rows).toEqual([{ id: 1, note: null }]);
    } finally {
      await sql.raw(`DROP TABLE ${table}`).execute(database.db);
    }
  });

  it('names reads with parameters only, and stops naming past its bound', () => {
    const names = new StatementNames();
    expect(names.nameOf('BEGIN', 0)).toBeUndefined();
    expect(names.nameOf('insert into reviews (kind) values ($1) on conflict do nothing', 1)).toBeUndefined();
    expect(names.nameOf('SELECT $1', 1)).toBe(names.nameOf('SELECT $1', 1));
    for (let i = 0; i < StatementNames.MAX_NAMED; i++) names.nameOf(`SELECT $1 + ${i}`, 1);
    expect(names.nameOf('SELECT $1 -- one more', 1)).toBeUndefined();
    expect(names.nameOf('SELECT $1', 1)).toBe('q1');
  });
});

describe('writes stay unnamed', () => {
  it('an INSERT ... ON CONFLICT against a partial unique index keeps finding its arbiter, run after run', async () => {
    const partial = `${table}_partial`;
    await sql.raw(`CREATE TABLE ${partial} (k text NOT NULL, state text NOT NULL)`).execute(database.db);
    await sql.raw(`CREATE UNIQUE INDEX ${partial}_open ON ${partial} (k) WHERE state = 'open'`).execute(database.db);
    try {
      // More than the five custom plans after which PostgreSQL may switch a prepared statement to a generic one.
      for (let i = 0; i < 8; i++) {
        await sql`INSERT INTO ${sql.table(partial)} (k, state) VALUES (${`k${i % 2}`}, ${'open'})
                  ON CONFLICT (k) WHERE state = ${'open'} DO NOTHING`.execute(database.db);
      }
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(partial)}`.execute(database.db);
      expect(rows[0]?.n).toBe('2');
    } finally {
      await sql.raw(`DROP TABLE ${partial}`).execute(database.db);
    }
  });
});
