import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/ledger-check.ts';
import {
  CODE,
  create,
  customer,
  newKey,
  recipientOf,
} from '../../server/modules/transfers/transactions.fixtures.ts';
import { ensureRates } from '../support/identity.ts';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startReplica, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.ts';

// A primary and a synchronous streaming replica, the app connected through PgBouncer. The primary is
// killed (SIGKILL) while customers send; the replica is promoted and PgBouncer pointed at it; the app carries on.
// Every send acknowledged before the kill exists after it, none is half applied, none doubled.
let primary: ThrowawayPostgres;
let replica: ThrowawayPostgres;
let database: ScratchDatabase;
let bouncer: ChildProcess;
let bouncerPort = 0;
let bouncerDir = '';
let t: TestApp;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** PgBouncer's configuration, pointing every database at `port`; rewritten and reloaded (SIGHUP) to fail over. */
function writeBouncerConfig(port: number): void {
  fs.writeFileSync(
    path.join(bouncerDir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=127.0.0.1 port=${port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${bouncerPort}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(bouncerDir, 'users.txt')}`,
      'pool_mode = session',
      'max_client_conn = 200',
      'default_pool_size = 40',
      'server_connect_timeout = 2',
      // A failed server login is retried after this (15 s by default): the failover's own outage would be that long.
      'server_login_retry = 1',
      `logfile = ${path.join(bouncerDir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(bouncerDir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
}

beforeAll(async () => {
  if (!fs.existsSync('/usr/sbin/pgbouncer')) {
    throw new Error('PgBouncer is not installed: `apt-get install -y pgbouncer` (Debian; .ci/run does it).');
  }
  primary = await startThrowawayPostgres();
  database = await createScratchDatabase(primary.url(), 'failover', { migrate: true });
  replica = await startReplica(primary);
  // Synchronous from now on: a commit is acknowledged only once the replica has it.
  const admin = new pg.Client({ connectionString: primary.url() });
  await admin.connect();
  await admin.query(`ALTER SYSTEM SET synchronous_standby_names = 'replica'`);
  await admin.query('SELECT pg_reload_conf()');
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ sync_state: string }>('SELECT sync_state FROM pg_stat_replication');
    if (rows[0]?.sync_state === 'sync') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await admin.query('SELECT sync_state FROM pg_stat_replication')).rows).toEqual([{ sync_state: 'sync' }]);
  await admin.end();

  bouncerDir = path.dirname(primary.dataDir);
  bouncerPort = await freePort();
  fs.writeFileSync(path.join(bouncerDir, 'users.txt'), '"postgres" ""\n');
  writeBouncerConfig(primary.port);
  const asRoot = process.getuid?.() === 0;
  const ini = path.join(bouncerDir, 'pgbouncer.ini');
  bouncer = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', '/usr/sbin/pgbouncer', ini])
    : spawn('/usr/sbin/pgbouncer', [ini]);
  for (let i = 0; i < 100; i++) {
    // A probe, closed at once: an idle client left open would meet the primary's death with no 'error' listener.
    const probe = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${bouncerPort}/${database.name}` });
    probe.on('error', () => undefined);
    const ok = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  t = await startTestApp({ databaseUrl: `postgres://postgres@127.0.0.1:${bouncerPort}/${database.name}` });
  await ensureRates(t);
}, 180_000);

afterAll(async () => {
  await t?.close();
  // PgBouncer itself, by its pid file: the child may be `runuser`, whose death would leave PgBouncer running.
  const pidFile = bouncerDir && path.join(bouncerDir, 'pgbouncer.pid');
  if (pidFile && fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, 'utf8').trim()), 'SIGINT');
  bouncer?.kill('SIGKILL');
  await replica?.destroy();
  await primary?.destroy();
});

describe('a failover to the replica under load', () => {
  it('carries on after the primary is killed: every acknowledged send is on the promoted replica, once', async () => {
    const senders = await Promise.all([customer(t, 10_000_000n), customer(t, 10_000_000n), customer(t, 10_000_000n)]);
    const contacts = await Promise.all(
      senders.map(async (s) => recipientOf(t, s, { email: (await customer(t)).email })),
    );
    const acknowledged: { id: number; at: number }[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    let slowest = 0;
    const sender = async (i: number) => {
      const s = senders[i];
      const contact = contacts[i];
      if (!s || contact === undefined) return;
      while (!stop) {
        const key = newKey();
        for (let tries = 0; !stop || tries === 0; tries++) {
          let status: number;
          const started = Date.now();
          try {
            const res = await create(t, s, { contact, amount: '1.00', security_code: CODE }, key);
            status = res.status;
            if (status === 201) acknowledged.push({ id: res.body.id as number, at: Date.now() });
          } catch {
            status = -1;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          slowest = Math.max(slowest, Date.now() - started);
          if (status !== 503) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const load = Promise.all(senders.map((_, i) => sender(i)));
    await new Promise((r) => setTimeout(r, 1500));

    const killedAt = Date.now();
    await primary.kill();
    const before = acknowledged.filter((a) => a.at < killedAt).length;
    await replica.promote();
    writeBouncerConfig(replica.port);
    // PgBouncer's own pid (the child may be `runuser`, which does not pass SIGHUP on).
    const bouncerPid = Number(fs.readFileSync(path.join(bouncerDir, 'pgbouncer.pid'), 'utf8').trim());
    process.kill(bouncerPid, 'SIGHUP');
    const switchedAt = Date.now();
    while (!acknowledged.some((a) => a.at > switchedAt) && Date.now() - switchedAt < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const firstAfter = acknowledged.find((a) => a.at > switchedAt);
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await load;

    console.log(
      `failover: ${before} sends acknowledged before the kill; replica promoted and PgBouncer switched ` +
        `${switchedAt - killedAt} ms after it; first send acknowledged ${firstAfter ? firstAfter.at - killedAt : 'never'} ms ` +
        `after the kill; slowest answer ${slowest} ms; ${acknowledged.length} acknowledged in all; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(firstAfter).toBeDefined();
    expect(slowest).toBeLessThan(10_000);
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);

    // On the promoted replica, read directly: exactly the acknowledged sends, and a balanced ledger.
    const promoted = new pg.Client({ connectionString: replica.url(database.name) });
    await promoted.connect();
    try {
      const { rows } = await promoted.query<{ id: string }>(
        'SELECT id FROM transactions WHERE sender_user_id = ANY($1)',
        [senders.map((s) => String(s.userId))],
      );
      expect(new Set(rows.map((r) => Number(r.id)))).toEqual(new Set(acknowledged.map((a) => a.id)));
    } finally {
      await promoted.end();
    }
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  }, 120_000);
});
