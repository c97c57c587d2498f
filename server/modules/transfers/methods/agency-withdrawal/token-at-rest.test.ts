import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, testEnv } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { agency, CODE, create, customer, newKey, teller } from '../../transactions.fixtures.ts';
import { testDatabaseUrl } from '../../../../../tests/support/test-database.ts';

/** A database dump and the server log give nobody the QR token of a live withdrawal. */
let t: TestApp;
const log: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, LOG_LEVEL: 'info' }, // The server's own log configuration (test apps are silent by default), written here instead of stdout.
    deps: { logger: undefined, logStream: { write: (line) => log.push(line) } },
  });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

/** Every row of every table as text: what `pg_dump --data-only` writes, without its version constraints. */
async function rowsAsText(): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`.execute(
    t.database.db,
  );
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.raw(name)} t`.execute(t.database.db);
    parts.push(...rows.rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The real pg_dump, when the one on this machine can read this server (same major version); else undefined. */
async function pgDump(): Promise<string | undefined> {
  const url = testDatabaseUrl();
  try {
    const { stdout } = await promisify(execFile)('pg_dump', ['--data-only', url], { maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch {
    return undefined;
  }
}

describe('withdrawal token at rest and in logs', () => {
  it('after a withdrawal with an Idempotency-Key, its lookup and payout, no dump or log line holds the token', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const key = newKey();
    const made = await create(t, alice, { amount: 40, contact: Number(agencyId) }, key);
    expect(made.status).toBe(201);
    const token = String(made.body.token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The owner's replay still carries the token (rebuilt from the sealed copy).
    const replay = await create(t, alice, { amount: 40, contact: Number(agencyId) }, key);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(made.body);
    const banker = await teller(t, agencyId);
    expect((await call(t, 'GET', `/api/withdrawals/${token}/`, { token: banker.token })).status).toBe(200);
    // The teller page's URL carries the token: its log line must not. The app shell answers it (200), or a 503
    // saying the web app is not built yet when the API tier runs before the build (as in `npm test`).
    expect([200, 503]).toContain((await call(t, 'GET', `/withdraw?transaction=${token}`, {})).status);

    expect(await rowsAsText()).not.toContain(token);
    const dump = await pgDump();
    if (dump !== undefined) {
      expect(dump).toContain('idempotency_keys');
      expect(dump).not.toContain(token);
    }
    const logged = log.join('');
    expect(logged).toContain('/api/withdrawals/[redacted]/');
    expect(logged).not.toContain(token);

    const paid = await call(t, 'POST', `/api/withdrawals/${token}/validate/`, {
      token: banker.token,
      body: { id: made.body.id, security_code: CODE },
    });
    expect(paid.status).toBe(200);
    // Once paid out, the replay shows it without a token.
    expect((await create(t, alice, { amount: 40, contact: Number(agencyId) }, key)).body.token).toBeNull();
  });
});
