import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, signIn, testEnv, type SignedIn } from '../support/identity.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabaseUrl } from '../support/test-database.ts';

// A backend terminated while a request holds its connection (between two statements of a
// transaction) used to crash the whole process with "Unhandled 'error' event". Now the request gets a 503 with
// Retry-After and the process goes on. The app's connections carry a name of their own, so only they are
// terminated (other test files share this database).
const applicationName = `db-loss-${randomUUID().slice(0, 8)}`;
let t: TestApp;
let admin: pg.Client;

beforeAll(async () => {
  t = await startTestApp({ env: testEnv, applicationName });
  await ensureRates(t);
  admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await t.close();
});

const terminateAppBackends = async () =>
  (
    await admin.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [applicationName],
    )
  ).rowCount ?? 0;

describe('the database drops the connections of a loaded server', () => {
  it('answers the requests in the gap 503 with Retry-After, never a reset or a 500, and stays up', async () => {
    const users: SignedIn[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await signIn(t);
      const set = await call(t, 'POST', `/api/users/${s.userId}/security_code/`, {
        token: s.token,
        body: { security_code: '246810' },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      users.push(s);
    }
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let stop = false;
    // 16 parallel security-code changes (two transactions and a hash each), as in the review.
    const loop = async (s: SignedIn) => {
      while (!stop) {
        try {
          const res = await call(t, 'POST', `/api/users/${s.userId}/security_code/`, {
            token: s.token,
            body: { security_code: '246810', current_security_code: '246810' },
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 503 && !res.headers.get('retry-after')) problems.push('503 without Retry-After');
          if (res.status !== 200 && res.status !== 503) problems.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch (error) {
          problems.push(`request failed: ${String(error)}`);
        }
      }
    };
    const load = Array.from({ length: 16 }, (_, i) => loop(users[i % users.length] as SignedIn));
    let terminated = 0;
    for (let round = 0; round < 15; round++) {
      await new Promise((r) => setTimeout(r, 60));
      terminated += await terminateAppBackends();
    }
    stop = true;
    await Promise.all(load);

    expect(terminated).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    // Right after, the pool has replaced the dead connections.
    expect((await fetch(`${t.baseUrl}/api/health/`)).status).toBe(200);
    const after = await call(t, 'POST', `/api/users/${users[0]?.userId}/security_code/`, {
      token: users[0]?.token,
      body: { security_code: '246810', current_security_code: '246810' },
    });
    expect(after.status).toBe(200);
  });
});
