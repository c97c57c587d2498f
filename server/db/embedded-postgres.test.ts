import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../../tests/support/scratch-database.ts';
import { startTestApp } from '../../tests/support/test-app.ts';
import { projectRoot } from '../config.ts';
import { APP_ROLE } from './app-role.ts';
import { postgresTool } from './postgres-tools.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { lockContent } from './process-identity.ts';
import { stablePort } from '../../tests/support/stable-port.ts';

// The embedded default is what `npm start` runs on a fresh machine: this exercises it for real (initdb, start,
// restart on the same data, a crashed run's leftover server, a second owner), whatever DATABASE_URL says.
const home = path.join(projectRoot, '.data', `test-embedded-${process.pid}`);
const dataDir = path.join(home, 'pg');
const port = stablePort(0);
const exec = promisify(execFile);

afterAll(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('creates a cluster, keeps its data across a restart, and stops cleanly', async () => {
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
    expect(first.url).toContain(`127.0.0.1:${port}/wallet`);
    await query(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
    await first.stop();
    await expect(fs.stat(path.join(dataDir, 'postmaster.pid'))).rejects.toThrow();

    const second = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
    expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    // The embedded default is whole only when this machine's client tools can back it up (ADR 019): Debian's
    // pg_dump is of one major version, and the embedded PostgreSQL is of that one.
    const [version] = await query<{ server_version_num: string }>(second.url, 'SHOW server_version_num');
    const major = Math.floor(Number(version?.server_version_num) / 10_000);
    expect(major).toBe(await embeddedMajor());
    await expect(postgresTool('pg_dump', major)).resolves.toMatch(/pg_dump$/);
    await second.stop();
  });

  it('refuses to share the data with another live server process', async () => {
    const other = spawn('sleep', ['30']);
    try {
      await fs.writeFile(path.join(home, 'pg.lock'), await lockContent(other.pid));
      await expect(startEmbeddedPostgres({ dataDir, port, database: 'wallet' })).rejects.toThrow(
        /in use by another server/,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over from a crashed run whose PostgreSQL is still running', async () => {
    const crashed = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
    // The owner "dies" without stopping its database: a dead pid in the lock, postmaster still up.
    await fs.writeFile(path.join(home, 'pg.lock'), '999999999');
    const next = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
    expect(await query(next.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
    await next.stop();
    await crashed.stop();
  });

  it('starts when its lock files name a live process that is not ours (a pid reused after a reboot)', async () => {
    const unrelated = spawn('sleep', ['30']);
    try {
      const pid = String(unrelated.pid);
      // The server lock: a pid alone (an older lock) that is not a Node process, then the right pid with another
      // start time; and PostgreSQL's own postmaster.pid naming that same unrelated process.
      for (const lock of [pid, `${pid} 1`]) {
        await fs.writeFile(path.join(home, 'pg.lock'), lock);
        await fs.writeFile(path.join(dataDir, 'postmaster.pid'), `${pid}\n${dataDir}\n`);
        const database = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
        expect(await query(database.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
        await database.stop();
      }
      expect(unrelated.exitCode).toBeNull(); // left alone, not signalled
    } finally {
      unrelated.kill();
    }
  });

  it('never deletes a directory it did not create: refuses a non-empty one without a cluster', async () => {
    const foreign = path.join(home, 'not-ours');
    await fs.mkdir(foreign, { recursive: true });
    await fs.writeFile(path.join(foreign, 'export.csv'), 'id,amount\n1,100\n');
    await expect(startEmbeddedPostgres({ dataDir: foreign, port, database: 'wallet' })).rejects.toThrow(
      /not empty and holds no PostgreSQL cluster/,
    );
    expect(await fs.readFile(path.join(foreign, 'export.csv'), 'utf8')).toBe('id,amount\n1,100\n');
    await expect(fs.stat(path.join(home, 'not-ours.lock'))).rejects.toThrow();
  });

  it('moves a cluster it made under another PostgreSQL version aside whole, and starts a new one', async () => {
    const major = await embeddedMajor();
    const older = path.join(home, 'made-by-another');
    await madeByAnotherVersion(older, major + 3, { ours: true });
    const said: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir: older, port, database: 'wallet', log: (m) => said.push(m) });
    try {
      await query(database.url, 'SELECT 1');
      expect(await fs.readFile(path.join(older, 'PG_VERSION'), 'utf8')).toBe(`${major}\n`);
    } finally {
      await database.stop();
    }
    const aside = `${older}-postgresql${major + 3}`;
    expect(said.join('\n')).toContain(`moved whole to ${aside}`);
    expect(await fs.readFile(path.join(aside, 'PG_VERSION'), 'utf8')).toBe(`${major + 3}\n`);
    expect(await fs.readFile(path.join(aside, 'base', 'kept'), 'utf8')).toBe('data');
    expect(JSON.parse(await fs.readFile(`${aside}.json`, 'utf8'))).toEqual({ port, password: 'old' });
  });

  it('leaves a cluster of another PostgreSQL version it did not make where it is, and says so', async () => {
    const major = await embeddedMajor();
    const foreign = path.join(home, 'foreign-cluster');
    await madeByAnotherVersion(foreign, major + 3, { ours: false });
    await expect(startEmbeddedPostgres({ dataDir: foreign, port, database: 'wallet' })).rejects.toThrow(
      `holds a PostgreSQL ${major + 3} cluster, which the embedded PostgreSQL ${major} cannot open`,
    );
    expect(await fs.readFile(path.join(foreign, 'base', 'kept'), 'utf8')).toBe('data');
  });
});

/** The major version of the embedded binaries, from the platform package itself. */
async function embeddedMajor(): Promise<number> {
  const bin = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const { stdout } = await exec(bin.postgres, ['--version']);
  return Number(/\(PostgreSQL\) (\d+)/.exec(stdout)?.[1]);
}

/** A data directory as another PostgreSQL version leaves it: its PG_VERSION, some data, its password file. */
async function madeByAnotherVersion(dir: string, major: number, options: { ours: boolean }): Promise<void> {
  await fs.mkdir(path.join(dir, 'base'), { recursive: true });
  await fs.writeFile(path.join(dir, 'PG_VERSION'), `${major}\n`);
  await fs.writeFile(path.join(dir, 'base', 'kept'), 'data');
  await fs.writeFile(`${dir}.json`, JSON.stringify({ port, password: 'old' }));
  if (options.ours) await fs.writeFile(`${dir}.created-by-wallet`, 'made earlier\n');
}

describe('the app when its database goes away and comes back', () => {
  it('answers 503 while the database is down and recovers without a restart', async () => {
    let database = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
    // Not migrated: only the app's role its connections switch to (again on every reconnection), no tables.
    await adminQuery(
      database.url,
      `DO $$ BEGIN CREATE ROLE ${APP_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
    );
    const t = await startTestApp({
      databaseUrl: database.url,
      extend(app) {
        app.get(
          '/api/probe/db/',
          async () => (await sql<{ one: number }>`SELECT 1 AS one`.execute(t.database.db)).rows,
        );
      },
    });
    try {
      expect((await fetch(`${t.baseUrl}/api/health/`)).status).toBe(200);
      expect((await fetch(`${t.baseUrl}/api/probe/db/`)).status).toBe(200);

      await database.stop();
      const health = await fetch(`${t.baseUrl}/api/health/`);
      expect(health.status).toBe(503);
      const call = await fetch(`${t.baseUrl}/api/probe/db/`);
      expect(call.status).toBe(503);
      expect(call.headers.get('retry-after')).toBeTruthy();
      expect(await call.json()).toEqual({ detail: 'Service temporarily unavailable. Try again shortly.' });

      database = await startEmbeddedPostgres({ dataDir, port, database: 'wallet' });
      expect((await fetch(`${t.baseUrl}/api/health/`)).status).toBe(200);
      expect((await fetch(`${t.baseUrl}/api/probe/db/`)).status).toBe(200);
    } finally {
      await t.close();
      await database.stop();
    }
  });
});
