import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.ts';
import { testEnv } from '../support/identity.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { serverProgram } from '../support/server-program.ts';

// The chaos run of 2026-11-28 (seed 958497757): an API process restarted after a kill -9 had its first read of the
// database's clock ended by pg_terminate_backend (as a database restart or a failover ends every session) and
// exited with "cannot read the database's clock: terminating connection due to administrator command (57P01)".
// A start-up step whose session the database ends is now tried again (server/db/start-retry.ts). Deterministic
// here: the test holds Kysely's migration lock, so the new server's migrations check waits on it, visibly, in
// pg_stat_activity; the test ends that session, and the server must wait again instead of exiting.
const migrationLockId = '3853314791062309107';
let server: ChildProcess | undefined;
let holder: pg.Client | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
  await holder?.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waiterOf(client: pg.Client, applicationName: string, deadline: number): Promise<number> {
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT a.pid FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid
        WHERE a.application_name = $1 AND l.locktype = 'advisory' AND NOT l.granted`,
      [applicationName],
    );
    if (rows[0]) return rows[0].pid;
    if (server?.exitCode !== null) throw new Error('the server exited while waiting for the migration lock');
    await sleep(50);
  }
  throw new Error(`no session of ${applicationName} waiting on the migration lock`);
}

describe('a server started while the database ends its sessions', () => {
  it('waits for the database instead of exiting, then starts', async () => {
    holder = new pg.Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    await holder.query(`SELECT pg_advisory_lock(${migrationLockId})`);

    const applicationName = `start-retry-${randomUUID().slice(0, 8)}`;
    let output = '';
    server = spawn(process.execPath, serverProgram('main'), {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...testEnv,
        NODE_ENV: 'test',
        DATABASE_URL: testDatabaseUrl(),
        DB_APPLICATION_NAME: applicationName,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        CHAIN_WORKER: 'off',
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;

    const first = await waiterOf(holder, applicationName, deadline);
    await holder.query('SELECT pg_terminate_backend($1)', [first]);
    // Not an exit: the migrations check comes back and waits on the lock again, on a new session.
    const second = await waiterOf(holder, applicationName, deadline);
    expect(second).not.toBe(first);
    await holder.query(`SELECT pg_advisory_unlock(${migrationLockId})`);

    let url: string | undefined;
    while (!url && Date.now() < deadline && server.exitCode === null) {
      url = /ready in [\d.]+ s on (http:\/\/[\d.]+:\d+)\//.exec(output)?.[1];
      if (!url) await sleep(100);
    }
    expect(url, output).toBeDefined();
    expect(output).toMatch(/migrations check: the database ended the session \(.+\), trying again/);
    expect((await fetch(`${url}/api/health/`)).status).toBe(200);
  });
});
