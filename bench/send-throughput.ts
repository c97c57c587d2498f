/**
 * Send throughput through the HTTP API, the whole path a phone takes: bearer token (session and user read from
 * the database), the 6-digit security code, the Idempotency-Key, the ledger entry, the history row and the
 * anchoring job. 32 concurrent clients with keep-alive against a real server (`scripts/start.mjs`, as `npm start`
 * runs it) on the machine's PostgreSQL, in a fresh database dropped at the end; many pre-funded users send to each
 * other. Measured with 1 then 2 API processes (BENCH_PROCESSES=1,2: WEB_CONCURRENCY) on the same users. Next to
 * each, in the same run and on the same PostgreSQL: pgbench's bare two-UPDATE transfer at the app's connection
 * count (DB_POOL_MAX x processes), after a warm-up, between two distinct accounts.
 *
 *   node --import tsx bench/send-throughput.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SECONDS=10 BENCH_USERS=256 node --import tsx bench/send-throughput.ts
 *   BENCH_CPU_PROF=1 node --import tsx bench/send-throughput.ts   # also writes a V8 CPU profile of the server
 *   BENCH_SEND_BATCH=off,on   each process count with group commit off, then on (SEND_BATCH): an A/B in one run
 *   BENCH_OPEN_RATE=150       after each closed loop, sends offered at this rate (an open loop; 0: none), their
 *                             latency counted from each send's slot so that a slow answer cannot hide the queue
 *
 * Latency percentiles and CPU per send count the 201s only, like the throughput. The security code's share is
 * measured apart (the server's HMAC timed in this process) against the server's CPU per send (the server process
 * and its children, from /proc). Prints figures; asserts nothing.
 *
 * Each run measures its own sends only: the work a send leaves behind after it commits (notification deliveries,
 * chain anchoring, monitoring) is drained before the run starts (the warm-up's) and after it ends, so one run never
 * works off another's backlog. The drain after the run is timed and its CPU is reported as its own line per send
 * of the run, then added to the run's figures: each send's whole cost. The receipt mails are priced apart, per
 * receipt mailed (their process's CPU over the receipts it marked done), because their process is capped at a tenth
 * of a core at nice 19 and drains a run's receipts only minutes later (on a loaded machine, not at all: it then
 * gets almost no CPU); a backlog left by an earlier run is mailed at the same price, so the figure does not mix runs.
 * An idle pause after the drain prices the workers' polling alone (CPU per second with nothing to do).
 *   BENCH_DRAIN_MAX_SECONDS=120          give up waiting for those queues after that long (and say so)
 *   BENCH_RECEIPTS_DRAIN_MAX_SECONDS=0   also wait that long for the receipt mails (their drain time, if it ends)
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pgLib from 'pg';
import { connectDatabase } from '../server/db/database.ts';
import { checkLedger } from '../server/ledger/ledger-check.ts';
import { securityCodeMac } from '../server/modules/users/security-code-hash.ts';
import { projectRoot } from '../server/config.ts';
import { BenchClient, benchServerLimits, type BenchUser } from './api-client.ts';
import { fundedUsersWithContacts } from './send-users.ts';
import { bareTransfer } from './pgbench.ts';
import { emitMetric, fmt, percentile } from './report.ts';
import { createScratchDatabase, seedDemo } from './scratch-database.ts';
import {
  benchLogLevel,
  benchPort,
  databaseBackendsCpu,
  databaseCpuSince,
  processStats,
  startBenchServer,
} from './server-process.ts';

const CLIENTS = 32;
/** API processes of each measured run (WEB_CONCURRENCY), on the same users and database. */
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const POOL = Number(process.env.DB_POOL_MAX ?? 10);
/** Group commit of sends (SEND_BATCH), each measured on the same users and database: an A/B in one run. */
const BATCHING = (process.env.BENCH_SEND_BATCH ?? 'off,on').split(',').map((s) => s.trim());
/** An open loop after each closed one: sends offered at this rate whatever the answers, latency from each one's slot. */
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 150);
const USERS = Number(process.env.BENCH_USERS ?? 256);
const CONTACTS_PER_USER = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PORT = benchPort(3);
const DRAIN_MAX_SECONDS = Number(process.env.BENCH_DRAIN_MAX_SECONDS ?? 120);
const RECEIPTS_DRAIN_MAX_SECONDS = Number(process.env.BENCH_RECEIPTS_DRAIN_MAX_SECONDS ?? 0);
const IDLE_SECONDS = 3;
const CODE = '482916';
const profileDir = path.join(projectRoot, '.data', 'profiles');

/** The security-code check alone: HMAC-SHA-256(pepper, salt || code) as the server computes it, in this process. */
function measureSecurityCode(): { cpuMsPerVerify: number; verifiesPerSecond: number } {
  const pepper = randomBytes(32).toString('hex');
  const salt = randomBytes(16);
  const n = 20_000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) securityCodeMac(pepper, CODE, salt);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { cpuMsPerVerify: (cpu.user + cpu.system) / 1000 / n, verifiesPerSecond: n / (wall / 1000) };
}

const scratch = await createScratchDatabase('send_bench');
const profiling = process.env.BENCH_CPU_PROF === '1';
if (profiling) mkdirSync(profileDir, { recursive: true });
const startServer = (processes: number, batching: string) =>
  startBenchServer(PORT, '.data/bench-pg', {
    env: {
      ...benchServerLimits,
      DATABASE_URL: scratch.url,
      DB_POOL_MAX: String(POOL),
      WEB_CONCURRENCY: String(processes),
      SEND_BATCH: batching,
    },
    nodeArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    logFile: path.join(projectRoot, '.data', `bench-send-server-${processes}.log`),
  });
const runs = PROCESSES.flatMap((processes) => BATCHING.map((batching) => ({ processes, batching })));
let server = await startServer(runs[0]?.processes ?? 1, runs[0]?.batching ?? 'on');
seedDemo(scratch.url); // after the server's own migration: rates and agencies
const client = new BenchClient(server.baseUrl, CLIENTS * 2);
const database = connectDatabase({ url: scratch.url, poolMax: 4 });
const databaseName = new URL(scratch.url).pathname.slice(1);
const ms = (v: number) => `${fmt(v, 1)} ms`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
// The bench's own connection watching the deferred queues: its backend's CPU is left out of every figure.
const watcher = new pgLib.Client({ connectionString: scratch.url });
await watcher.connect();
const watcherPid = Number((await watcher.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid);

/** The work sends left behind after they committed, still to do (dead letters excluded: nobody will do them). */
async function deferredQueues(): Promise<{ queues: Record<string, number>; receipts: Receipts }> {
  const { rows } = await watcher.query<Record<string, number>>(`SELECT
    (SELECT count(*) FROM notification_deliveries WHERE done_at IS NULL AND dead_at IS NULL)::int
      AS notification_deliveries,
    (SELECT count(*) FROM chain_outbox WHERE published_at IS NULL AND dead_at IS NULL)::int AS chain_outbox,
    (SELECT count(*) FROM monitoring_queue)::int AS monitoring_queue,
    (SELECT count(*) FROM receipt_mails WHERE done_at IS NULL AND dead_at IS NULL)::int AS receipts_waiting,
    (SELECT count(*) FROM receipt_mails WHERE done_at IS NOT NULL)::int AS receipts_done,
    (SELECT count(*) FROM receipt_mails)::int AS receipts_queued`);
  const { receipts_waiting: waitingReceipts, receipts_done: done, receipts_queued: queued, ...queues } = rows[0] ?? {};
  return { queues, receipts: { waiting: waitingReceipts ?? 0, done: done ?? 0, queued: queued ?? 0 } };
}
interface Receipts {
  waiting: number;
  done: number;
  queued: number;
}
const waiting = (queues: Record<string, number>) => Object.values(queues).reduce((a, b) => a + b, 0);
const describe = (queues: Record<string, number>) =>
  Object.entries(queues)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');

/**
 * Waits until the deferred queues are empty (or DRAIN_MAX_SECONDS), then, with RECEIPTS_DRAIN_MAX_SECONDS, for the
 * receipt mails too; and what that took: wall time, and the CPU of the server processes, of the receipt mails'
 * process and of the database's backends meanwhile.
 */
async function drain(pid: number) {
  const before = processStats(pid);
  const databaseBefore = databaseBackendsCpu(databaseName);
  const start = performance.now();
  const atStart = await deferredQueues();
  let left = atStart;
  while (waiting(left.queues) > 0 && performance.now() - start < DRAIN_MAX_SECONDS * 1000) {
    await sleep(200);
    left = await deferredQueues();
  }
  const seconds = (performance.now() - start) / 1000;
  // The drain's CPU ends here: waiting for the receipts below would add the idle polls of every second it lasts.
  const drained = processStats(pid);
  const databaseCpuMs = databaseCpuSince(databaseName, databaseBefore, false, [watcherPid]);
  while (left.receipts.waiting > 0 && performance.now() - start < (seconds + RECEIPTS_DRAIN_MAX_SECONDS) * 1000) {
    await sleep(200);
    left = await deferredQueues();
  }
  const after = processStats(pid);
  return {
    atStart,
    left,
    seconds,
    receiptsSeconds: (performance.now() - start) / 1000,
    cpuMs: drained.cpuMs - before.cpuMs,
    receiptsCpuMs: after.receiptsCpuMs - before.receiptsCpuMs,
    databaseCpuMs,
  };
}

/** CPU per second of the server, the receipts' process and the database with nothing to do: the polls alone. */
async function idle(pid: number) {
  const before = processStats(pid);
  const databaseBefore = databaseBackendsCpu(databaseName);
  await sleep(IDLE_SECONDS * 1000);
  const after = processStats(pid);
  return {
    cpuMsPerSecond: (after.cpuMs - before.cpuMs) / IDLE_SECONDS,
    receiptsCpuMsPerSecond: (after.receiptsCpuMs - before.receiptsCpuMs) / IDLE_SECONDS,
    databaseCpuMsPerSecond: databaseCpuSince(databaseName, databaseBefore, false, [watcherPid]) / IDLE_SECONDS,
  };
}

/** Row updates of `transactions` and how many were HOT (no index entry written), as the statistics have them. */
async function transactionsUpdates(): Promise<{ updates: number; hot: number }> {
  const { rows } = await watcher.query<{ updates: string; hot: string }>(
    `SELECT n_tup_upd AS updates, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'transactions'`,
  );
  return { updates: Number(rows[0]?.updates ?? 0), hot: Number(rows[0]?.hot ?? 0) };
}
try {
  // Users: signed up through the API, a security code each, funded through the ledger (fundWallet, one balanced
  // entry each), and CONTACTS_PER_USER recipients each, all of them registered users (linked contacts).
  const setupStart = performance.now();
  const { users, contacts } = await fundedUsersWithContacts(client, database.db, {
    count: USERS,
    contactsPerUser: CONTACTS_PER_USER,
    tag: 'send',
    securityCode: CODE,
  });
  console.log(
    `setup: ${USERS} users, ${USERS * CONTACTS_PER_USER} contacts in ${fmt((performance.now() - setupStart) / 1000, 1)} s`,
  );

  // Each client drives its own users in turn (one user is never sending twice at once, as on one phone), to a
  // random one of that user's recipients: every send locks two of USERS wallets, so clients do meet on rows.
  // Latency percentiles and CPU per send count the 201s only, as the throughput does; other answers are counted.
  async function run(seconds: number, pid: number) {
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let peakRssMb = 0;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, processStats(pid).rssMb);
    }, 250);
    const before = processStats(pid);
    const databaseBefore = databaseBackendsCpu(databaseName);
    // The load generator's own CPU (this process: the HTTP client, JSON, the bookkeeping), the third share of the
    // 2 ms per send the goal leaves on two cores (server + database + load generator).
    const benchBefore = process.cpuUsage();
    const fromUs = process.hrtime.bigint() / 1000n;
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const mine = users.filter((_, i) => i % CLIENTS === c);
        for (let turn = 0; performance.now() < end; turn++) {
          const sender = mine[turn % mine.length] as BenchUser;
          const targets = contacts.get(sender.userId) ?? [];
          const t0 = performance.now();
          const response = await client.request('POST', '/api/transactions/', {
            token: sender.token,
            headers: { 'idempotency-key': randomUUID() },
            body: {
              amount: `${randomInt(1, 10)}.${String(randomInt(0, 100)).padStart(2, '0')}`,
              contact: targets[randomInt(0, targets.length)],
              security_code: CODE,
            },
          });
          if (response.status === 201) latencies.push(performance.now() - t0);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    const benchCpu = process.cpuUsage(benchBefore);
    const window = `${fromUs}-${process.hrtime.bigint() / 1000n}`;
    clearInterval(sampler);
    const after = processStats(pid);
    const databaseCpuMs = databaseCpuSince(databaseName, databaseBefore, false, [watcherPid]);
    const ok = statuses.get(201) ?? 0;
    return {
      statuses,
      ok,
      rate: ok / elapsed,
      sorted: latencies.sort((a, b) => a - b),
      elapsed,
      cpuMs: after.cpuMs - before.cpuMs,
      cpuMsPerSend: (after.cpuMs - before.cpuMs) / Math.max(1, ok),
      receiptsCpuMs: after.receiptsCpuMs - before.receiptsCpuMs,
      receiptsCpuMsPerSend: (after.receiptsCpuMs - before.receiptsCpuMs) / Math.max(1, ok),
      databaseCpuMsPerSend: databaseCpuMs / Math.max(1, ok),
      benchCpuMsPerSend: (benchCpu.user + benchCpu.system) / 1000 / Math.max(1, ok),
      window,
      peakRssMb: Math.max(peakRssMb, after.rssMb),
    };
  }

  /**
   * Sends offered at `rate` per second for `seconds`, each at its slot whether or not the ones before it were
   * answered (an open loop: a slow answer cannot hold back the next send and hide the queue behind it), its latency
   * counted from its slot. The users in turn, so one user's sends are 256 slots apart.
   */
  async function openLoop(rate: number, seconds: number) {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const start = performance.now();
    const total = Math.floor(rate * seconds);
    const pending: Promise<void>[] = [];
    let late = 0;
    for (let i = 0; i < total; i++) {
      const slot = start + (i * 1000) / rate;
      const wait = slot - performance.now();
      if (wait > 0) await sleep(wait);
      else if (wait < -5) late++;
      const sender = users[i % users.length] as BenchUser;
      const targets = contacts.get(sender.userId) ?? [];
      pending.push(
        client
          .request('POST', '/api/transactions/', {
            token: sender.token,
            headers: { 'idempotency-key': randomUUID() },
            body: {
              amount: `${randomInt(1, 10)}.00`,
              contact: targets[randomInt(0, targets.length)],
              security_code: CODE,
            },
          })
          .then((response) => {
            if (response.status === 201) latencies.push(performance.now() - slot);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }),
      );
    }
    await Promise.all(pending);
    return { sorted: latencies.sort((a, b) => a - b), statuses, late, total };
  }

  /** Sends per commit over the rows written since `since`: the rows one transaction wrote share its created_at. */
  async function sendsPerCommit(since: Date): Promise<number> {
    const { rows } = await watcher.query<{ n: string; commits: string }>(
      `SELECT count(*) AS n, count(DISTINCT created_at) AS commits FROM transactions WHERE created_at >= $1`,
      [since],
    );
    return Number(rows[0]?.n ?? 0) / Math.max(1, Number(rows[0]?.commits ?? 0));
  }

  const code = measureSecurityCode();
  for (const [i, { processes, batching }] of runs.entries()) {
    if (i > 0) {
      await server.stop();
      server = await startServer(processes, batching);
    }
    const pid = server.child.pid ?? 0;
    const load = loadavg()
      .map((l) => fmt(l, 2))
      .join(' ');
    await run(WARMUP_SECONDS, pid);
    // The warm-up's deferred work (and any earlier run's) is done before the measured run starts.
    const warmupDrain = await drain(pid);
    const updatesBefore = await transactionsUpdates();
    const runStarted = new Date();
    const m = await run(SECONDS, pid);
    const perCommit = await sendsPerCommit(runStarted);
    const d = await drain(pid);
    // Receipts: priced per receipt mailed (run + drain), times the receipts this run's sends queued.
    const receiptsMailed = d.left.receipts.done - warmupDrain.left.receipts.done;
    const receiptsQueued = d.atStart.receipts.queued - warmupDrain.left.receipts.queued;
    const receiptCpuMs = receiptsMailed > 0 ? (m.receiptsCpuMs + d.receiptsCpuMs) / receiptsMailed : Number.NaN;
    const quiet = await idle(pid);
    // Statistics reach the shared counters within a second or so of a backend going idle: read after the pause.
    const updatesAfter = await transactionsUpdates();
    const updates = updatesAfter.updates - updatesBefore.updates;
    const hot = updatesAfter.hot - updatesBefore.hot;
    const perSend = (v: number) => v / Math.max(1, m.ok);
    const whole = {
      server: m.cpuMsPerSend + perSend(d.cpuMs),
      receipts: (receiptCpuMs * receiptsQueued) / Math.max(1, m.ok),
      database: m.databaseCpuMsPerSend + perSend(d.databaseCpuMs),
    };
    // The baseline at the connections the app can use at once (its pool, per process), same database, same run.
    const pg = await bareTransfer(scratch.url, USERS, POOL * processes, SECONDS);
    await drain(pid);
    const open = OPEN_RATE > 0 ? await openLoop(OPEN_RATE, SECONDS) : undefined;
    const p50 = percentile(m.sorted, 50);
    const p99 = percentile(m.sorted, 99);
    const label = `${processes} API process${processes > 1 ? 'es' : ''}, batching ${batching}`;
    console.log('');
    console.log(`--- ${label} (WEB_CONCURRENCY=${processes}, DB_POOL_MAX=${POOL} each, SEND_BATCH=${batching})`);
    console.log(
      `machine:           ${cpus().length} cores, load average before the run ${load} (shared with other runs)`,
    );
    console.log(
      `clients:           ${CLIENTS} concurrent (keep-alive), ${USERS} funded users, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
    );
    console.log(
      `logging:           LOG_LEVEL=${benchLogLevel} (npm start's default is info; BENCH_LOG_LEVEL changes it)`,
    );
    console.log(`answers:           ${[...m.statuses].map(([s, n]) => `${s} x ${n}`).join(', ')}`);
    console.log(
      `sends:             ${fmt(m.rate, 0)} sends/s (${m.ok} in ${fmt(m.elapsed, 1)} s), ${fmt(perCommit, 1)} sends per commit`,
    );
    console.log(
      `latency of 201s:   p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(m.sorted.at(-1) ?? 0)} (${m.sorted.length} samples)`,
    );
    console.log(
      `server processes:  RSS ${fmt(m.peakRssMb, 0)} MB peak, CPU ${fmt(m.cpuMs / m.elapsed / 10, 0)} % of one core, ${ms(m.cpuMsPerSend)} CPU per 201`,
    );
    console.log(
      `receipts process:  ${ms(m.receiptsCpuMsPerSend)} CPU per 201 during the run, at nice 19 (whichever receipts it mailed meanwhile; priced per receipt below; not in the server's figure)`,
    );
    console.log(
      `database:          ${ms(m.databaseCpuMsPerSend)} CPU per 201 (the PostgreSQL backends serving this run's database)`,
    );
    console.log(
      `load generator:    ${ms(m.benchCpuMsPerSend)} CPU per 201 (this bench process: 32 HTTP clients, their JSON and bookkeeping; with server and database, the third share of the CPU a send costs this machine)`,
    );
    if (profiling)
      console.log(`profile window:    PROFILE_WINDOW=${m.window} (the measured run, for bench/profile-top.ts)`);
    console.log(
      `drain before run:  ${fmt(warmupDrain.seconds, 1)} s (the warm-up's deferred work: ${describe(warmupDrain.atStart.queues)})${waiting(warmupDrain.left.queues) > 0 ? `; NOT drained after ${DRAIN_MAX_SECONDS} s: ${describe(warmupDrain.left.queues)}` : ''}`,
    );
    console.log(
      `left by the run:   ${describe(d.atStart.queues)}; drained in ${fmt(d.seconds, 1)} s${waiting(d.left.queues) > 0 ? ` (NOT drained after ${DRAIN_MAX_SECONDS} s: ${describe(d.left.queues)})` : ''}`,
    );
    console.log(
      `drain CPU:         server ${ms(perSend(d.cpuMs))}, database ${ms(perSend(d.databaseCpuMs))} per 201 of the run (the deferred work the run did not finish, polls included)`,
    );
    console.log(
      `receipt mails:     ${ms(receiptCpuMs)} CPU per receipt mailed in their own process, its start-up included while it is young: read it when hundreds were mailed (${receiptsMailed} mailed during run + drain${RECEIPTS_DRAIN_MAX_SECONDS > 0 ? `, ${fmt(d.receiptsSeconds, 1)} s` : ''}; ${d.left.receipts.waiting} still waiting; this run's sends queued ${receiptsQueued})`,
    );
    console.log(
      `run + drain:       server ${ms(whole.server)} + database ${ms(whole.database)} CPU per 201 = ${ms(whole.server + whole.database)} (each send's whole cost but its receipt: ${ms(whole.receipts)} more at the price above; the receipts' database reads and marks are in the database figure only as far as they ran in the window)`,
    );
    console.log(
      `idle (polls):      server ${ms(quiet.cpuMsPerSecond)}, receipt mails ${ms(quiet.receiptsCpuMsPerSecond)}, database ${ms(quiet.databaseCpuMsPerSecond)} CPU per second with nothing to do (over ${IDLE_SECONDS} s)`,
    );
    console.log(
      `transactions rows: ${updates} updates during run + drain, ${hot} of them HOT (${fmt((100 * hot) / Math.max(1, updates), 0)} %: no index entry written)`,
    );
    console.log(
      `pgbench transfer:  ${fmt(pg.tps, 0)} tx/s (two UPDATEs, ${POOL * processes} clients = the app's connections, 3 s warm-up; latency average ${pg.latency})`,
    );
    console.log(`ratio:             ${fmt((100 * m.rate) / pg.tps, 1)} % of pgbench (goal >= 20 %)`);
    emitMetric({
      metric: `send throughput (HTTP, 32 clients, ${label})`,
      value: `${fmt(m.rate, 0)} sends/s`,
      goal: '>= 1000 sends/s',
      met: m.rate >= 1000,
    });
    emitMetric({ metric: `send latency p50 (${label})`, value: ms(p50) });
    emitMetric({ metric: `sends per commit (${label})`, value: fmt(perCommit, 1) });
    if (open) {
      const openP99 = percentile(open.sorted, 99);
      console.log(
        `open loop:         ${OPEN_RATE} sends/s offered for ${SECONDS} s: ${[...open.statuses].map(([s, n]) => `${s} x ${n}`).join(', ')}; from each send's slot p50 ${ms(percentile(open.sorted, 50))}, p99 ${ms(openP99)}, max ${ms(open.sorted.at(-1) ?? 0)}${open.late > 0 ? ` (${open.late} sends left over 5 ms after their slot: the generator fell behind)` : ''}`,
      );
      emitMetric({
        metric: `send latency p99 at ${OPEN_RATE}/s open loop (${label})`,
        value: ms(openP99),
        goal: '<= 50 ms',
        met: openP99 <= 50,
      });
    }
    emitMetric({ metric: `send latency p99 (${label})`, value: ms(p99), goal: '<= 50 ms', met: p99 <= 50 });
    emitMetric({
      metric: `pgbench two-UPDATE transfer (${POOL * processes} clients, same run)`,
      value: `${fmt(pg.tps, 0)} tx/s`,
    });
    emitMetric({
      metric: `sends / pgbench (${label})`,
      value: `${fmt((100 * m.rate) / pg.tps, 1)} %`,
      goal: '>= 20 %',
      met: m.rate / pg.tps >= 0.2,
    });
    emitMetric({ metric: `server CPU per send (${label})`, value: ms(m.cpuMsPerSend) });
    emitMetric({ metric: `database CPU per send (${label})`, value: ms(m.databaseCpuMsPerSend) });
    emitMetric({ metric: `load generator CPU per send (${label})`, value: ms(m.benchCpuMsPerSend) });
    emitMetric({
      metric: `deferred work drained after the run (${label})`,
      value: `${fmt(d.seconds, 1)} s; server ${ms(perSend(d.cpuMs))} + database ${ms(perSend(d.databaseCpuMs))} CPU per send`,
    });
    emitMetric({
      metric: `CPU per send with its deferred work (${label})`,
      value: `server ${ms(whole.server)} + database ${ms(whole.database)} = ${ms(whole.server + whole.database)}, receipts apart ${ms(whole.receipts)}`,
    });
    emitMetric({
      metric: `security-code check share of CPU per send (${label})`,
      value: `${fmt((100 * code.cpuMsPerVerify) / m.cpuMsPerSend, 2)} % (${fmt(code.cpuMsPerVerify * 1000, 1)} us of ${ms(m.cpuMsPerSend)})`,
    });
  }
  const ledger = await checkLedger(database.db);
  console.log(
    `security code:     ${fmt(code.cpuMsPerVerify * 1000, 1)} us CPU per verification (HMAC-SHA-256), ${fmt(code.verifiesPerSecond, 0)} /s in this process alone`,
  );
  console.log(
    `ledger:check:      ${ledger.problems.length === 0 ? 'clean' : ledger.problems.join('; ')} (${ledger.entries} entries)`,
  );
} finally {
  client.close();
  await watcher.end();
  await database.close();
  await server.stop();
  await scratch.drop();
  if (profiling) {
    // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the server's JavaScript thread is thread 0 (tsx's loader
    // thread writes its own profile, later, which "the newest" used to pick).
    const newest = readdirSync(profileDir)
      .filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))
      .sort()
      .at(-1);
    if (newest)
      console.log(
        `server CPU profile: ${path.join(profileDir, newest)} (node --import tsx bench/profile-top.ts <file>)`,
      );
  }
}
