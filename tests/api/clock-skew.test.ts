import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.ts';
import { agency, CODE, customer } from '../../server/modules/transfers/transactions.fixtures.ts';
import { call, ensureRates, lastCode, testEnv, uniqueEmail, uniqueIp } from '../support/identity.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { serverProgram } from '../support/server-program.ts';

// A second server whose host clock ran 49 hours ahead expired a 48-hour withdrawal made seconds
// earlier, and judged live codes and sessions expired. Each server now takes the database's time (its host clock
// plus an offset measured against PostgreSQL), so a wrong host clock decides nothing stored.
const hours = 3_600_000;
let t: TestApp;
let skewed: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  skewed?.kill('SIGKILL');
  await t.close();
});

/** server/main.ts as a process of its own on the test database, its host clock shifted by `offsetMs`. */
async function startSkewedServer(offsetMs: number): Promise<string> {
  const child = spawn(process.execPath, serverProgram('main'), {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...testEnv,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      EXPIRY_SWEEP_INTERVAL_SECONDS: '1',
      TEST_HOST_CLOCK_OFFSET_MS: String(offsetMs),
    },
  });
  skewed = child;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 300; i++) {
    const match = /ready in [\d.]+ s on (http:\/\/[\d.]+:\d+)\//.exec(output);
    if (match?.[1]) return match[1];
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready: ${output}`);
}

const statusOf = async (id: string) =>
  (await t.database.db.selectFrom('transactions').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

describe('a server whose host clock is 49 hours ahead', () => {
  it('expires nothing that is not due, and takes codes and sessions issued elsewhere as still valid', async () => {
    // Made by a server on the right time: a 48-hour withdrawal, a login code, a session.
    const agencyId = await agency(t);
    const alice = await customer(t, 50_00n);
    const made = await call(t, 'POST', '/api/transactions/', {
      token: alice.token,
      body: { amount: '10.00', contact: Number(agencyId), security_code: CODE },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const live = String(made.body.id);
    // One really past its expiry, so we can see the skewed server's sweep has run.
    const due = await call(t, 'POST', '/api/transactions/', {
      token: alice.token,
      body: { amount: '11.00', contact: Number(agencyId), security_code: CODE },
    });
    expect(due.status, JSON.stringify(due.body)).toBe(201);
    const dueId = String(due.body.id);
    await t.database.db
      .updateTable('transactions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', dueId)
      .execute();
    const email = uniqueEmail('skew');
    const ip = uniqueIp();
    expect((await call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'en' }, ip })).status).toBe(200);
    const code = await lastCode(t, email);

    const url = await startSkewedServer(49 * hours);
    // 49 hours is 176,400 s; the measure is the host clock less the database's, so a few tenths either way.
    const told = /this host's clock is ([\d.]+) s ahead of the database's/.exec(output);
    expect(told, output).not.toBeNull();
    expect(Math.abs(Number(told?.[1]) - 176_400)).toBeLessThan(5);
    const skewedApp = { ...t, baseUrl: url };

    // Its sweep runs every second: once it has expired the due one, give it two more passes.
    for (let i = 0; i < 100 && (await statusOf(dueId)) !== 'expired'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(dueId)).toBe('expired');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await statusOf(live)).toBe('pending');

    // Through the skewed server: the session is live, the withdrawal not expired, the login code valid.
    const seen = await call(skewedApp, 'GET', `/api/transactions/${live}/`, { token: alice.token });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.status).toBe('pending');
    const verified = await call(skewedApp, 'POST', '/api/auth/verify_code/', { body: { email, code }, ip });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    skewed?.kill('SIGTERM');
  }, 90_000);

  it('is refused outside tests', async () => {
    const { loadConfig } = await import('../../server/config.ts');
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_HOST_CLOCK_OFFSET_MS: '1000' })).toThrow(
      /TEST_HOST_CLOCK_OFFSET_MS: a test hook, refused unless NODE_ENV=test/,
    );
  });
});
