/**
 * The monitoring worker's cost per judged movement (the worker once judged each queued send
 * with 3 to 6 statements, a third of the database's CPU per send at 900 sends/s). A scratch database holds
 * HISTORY sends and cash pickups between USERS customers over the last 30 days (each customer pays 8 payees,
 * some by phone), then QUEUED new movements are queued as the trigger queues them; the queue is drained with
 * runMonitoringPass, on one connection, and the figures are the database backend's CPU and this process's CPU per
 * movement, read from /proc (CPU per operation depends much less on what else the machine runs than a rate does).
 * Rows are written directly (triggers and foreign keys off while seeding: no users, contacts or ledger entries are needed): the pass reads only the transactions
 * table and the alerts, and this measures it alone. Prints figures; asserts nothing.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/monitoring-pass.ts
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../server/config.ts';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { runMonitoringPass } from '../server/modules/compliance/monitoring.worker.ts';
import { emitMetric, fmt } from './report.ts';
import { createScratchDatabase } from './scratch-database.ts';

const USERS = Number(process.env.BENCH_USERS ?? 256);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 50_000);
const QUEUED = Number(process.env.BENCH_QUEUED ?? 10_000);

const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const scratch = await createScratchDatabase('monitoring_bench');
const database = connectDatabase({ url: scratch.url, poolMax: 1 });
try {
  const { db } = database;
  await migrateToLatest(db);
  // Seeding only: no foreign keys, no queue trigger (the queue is filled below, as the trigger would).
  await sql`SET session_replication_role = replica`.execute(db);
  // Payee j of customer i: a registered user, or every fourth one a phone number (cash pickups, unclaimed sends).
  const insertMovements = (count: number, from: string, spanSeconds: number) => sql`
    INSERT INTO transactions (kind, status, sender_user_id, recipient_user_id, contact_id, amount,
                              recipient_phone_number, ledger_entry_id, created_at)
    SELECT CASE WHEN j % 4 = 0 THEN 'pickup' ELSE 'transfer' END,
           CASE WHEN j % 4 = 0 THEN 'available' ELSE 'completed' END,
           s, CASE WHEN j % 4 = 0 THEN NULL ELSE 1 + (s + j * 37) % ${USERS} END, 1, 100 + (g % 50000),
           CASE WHEN j % 4 = 0 THEN '+2126' || lpad(((s * 8 + j) % 100000000)::text, 8, '0') END, 1, ${from}::timestamptz + make_interval(secs => g * ${spanSeconds / count}::float8)
      FROM generate_series(1, ${count}) g,
           LATERAL (SELECT 1 + (g * 7919) % ${USERS} AS s, (g * 31) % 8 AS j) p`;
  await insertMovements(HISTORY, new Date(Date.now() - 30 * 86_400_000).toISOString(), 30 * 86_400 - 3_600).execute(db);
  const queuedFrom = new Date(Date.now() - 3_600_000).toISOString();
  await insertMovements(QUEUED, queuedFrom, 3_000).execute(db);
  await sql`INSERT INTO monitoring_queue (transaction_id)
            SELECT id FROM transactions WHERE created_at >= ${queuedFrom}::timestamptz`.execute(db);
  await sql`SET session_replication_role = origin`.execute(db);
  await sql`VACUUM ANALYZE transactions`.execute(db);

  const config = loadConfig({ ...process.env, DATABASE_URL: scratch.url });
  const deps = { db, config, clock: { now: () => new Date() } };
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  const pid = rows[0]!.pid;
  const db0 = cpuOf(pid);
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  let judged = 0;
  for (;;) {
    const taken = await runMonitoringPass(deps);
    judged += taken;
    if (taken < config.MONITOR_BATCH) break;
  }
  const wallMs = performance.now() - t0;
  const node = process.cpuUsage(node0);
  const dbMs = cpuOf(pid) - db0;
  const { rows: alerts } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM monitoring_alerts`.execute(db);
  const perMovement = (ms: number) => `${fmt((ms * 1000) / judged, 0)} us`;
  console.log(`history:   ${HISTORY} movements over 30 days, ${USERS} customers x 8 payees (a quarter by phone)`);
  console.log(
    `judged:    ${judged} queued movements in ${fmt(wallMs / 1000, 2)} s (${fmt(judged / (wallMs / 1000))} /s), batch ${config.MONITOR_BATCH}, ${alerts[0]?.n} alerts`,
  );
  console.log(`database:  ${perMovement(dbMs)} CPU per movement (the pass's backend)`);
  console.log(`node:      ${perMovement((node.user + node.system) / 1000)} CPU per movement (this process)`);
  emitMetric({ metric: 'monitoring pass: database CPU per judged movement', value: perMovement(dbMs) });
  emitMetric({
    metric: 'monitoring pass: movements judged per second (one connection)',
    value: `${fmt(judged / (wallMs / 1000))} /s`,
  });
} finally {
  await database.close();
  // BENCH_KEEP=1: the database stays, to EXPLAIN the pass's queries on it.
  if (process.env.BENCH_KEEP === '1') console.log(`kept: ${scratch.url}`);
  else await scratch.drop();
}
