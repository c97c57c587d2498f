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
 *
 * Latency percentiles and CPU per send count the 201s only, like the throughput. The security code's share is
 * measured apart (the server's HMAC timed in this process) against the server's CPU per send (the server process
 * and its children, from /proc). Prints figures; asserts nothing.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../server/db/database.ts';
import { checkLedger } from '../server/ledger/ledger-check.ts';
import { securityCodeMac } from '../server/modules/users/security-code-hash.ts';
import { projectRoot } from '../server/config.ts';
import { fundWallet } from '../tests/support/factories.ts';
import { BenchClient, benchServerLimits, mapConcurrent, signUp, type BenchUser } from './api-client.ts';
import { bareTransfer } from './pgbench.ts';
import { emitMetric, fmt, percentile } from './report.ts';
import { createScratchDatabase, seedDemo } from './scratch-database.ts';
import { benchPort, databaseBackendsCpu, databaseCpuSince, processStats, startBenchServer } from './server-process.ts';

const CLIENTS = 32;
/** API processes of each measured run (WEB_CONCURRENCY), on the same users and database. */
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const POOL = Number(process.env.DB_POOL_MAX ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 256);
const CONTACTS_PER_USER = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PORT = benchPort(3);
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
const startServer = (processes: number) =>
  startBenchServer(PORT, '.data/bench-pg', {
    env: {
      ...benchServerLimits,
      DATABASE_URL: scratch.url,
      DB_POOL_MAX: String(POOL),
      WEB_CONCURRENCY: String(processes),
    },
    nodeArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    logFile: path.join(projectRoot, '.data', `bench-send-server-${processes}.log`),
  });
let server = await startServer(PROCESSES[0] ?? 1);
seedDemo(scratch.url); // after the server's own migration: rates and agencies
const client = new BenchClient(server.baseUrl, CLIENTS * 2);
const database = connectDatabase({ url: scratch.url, poolMax: 4 });
const databaseName = new URL(scratch.url).pathname.slice(1);
const ms = (v: number) => `${fmt(v, 1)} ms`;
try {
  // Users: signed up through the API, a security code each, funded through the ledger (fundWallet, one balanced
  // entry each), and CONTACTS_PER_USER recipients each, all of them registered users (linked contacts).
  const setupStart = performance.now();
  const users = await mapConcurrent(Array.from({ length: USERS }), 8, () =>
    signUp(client, { tag: 'send', securityCode: CODE }),
  );
  for (const user of users) await fundWallet(database.db, user.userId, 1_000_000_00n);
  const contacts = new Map<number, number[]>();
  await mapConcurrent(users, 8, async (user, i) => {
    const ids: number[] = [];
    for (let k = 1; k <= CONTACTS_PER_USER; k++) {
      const other = users[(i + k * 17) % users.length] as BenchUser;
      const created = await client.request<{ id: number }>('POST', '/api/contacts/', {
        token: user.token,
        body: { first_name: 'Bench', last_name: `Contact${k}`, email: other.email },
      });
      // Linked in the database (the one-trip send follows the link); the answer shows it only after a first
      // transfer (ADR 013), so it is not checked here.
      if (created.status !== 201) throw new Error(`contact: ${created.status} ${JSON.stringify(created.body)}`);
      ids.push(created.body.id);
    }
    contacts.set(user.userId, ids);
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
    clearInterval(sampler);
    const after = processStats(pid);
    const databaseCpuMs = databaseCpuSince(databaseName, databaseBefore);
    const ok = statuses.get(201) ?? 0;
    return {
      statuses,
      ok,
      rate: ok / elapsed,
      sorted: latencies.sort((a, b) => a - b),
      elapsed,
      cpuMs: after.cpuMs - before.cpuMs,
      cpuMsPerSend: (after.cpuMs - before.cpuMs) / Math.max(1, ok),
      receiptsCpuMsPerSend: (after.receiptsCpuMs - before.receiptsCpuMs) / Math.max(1, ok),
      databaseCpuMsPerSend: databaseCpuMs / Math.max(1, ok),
      peakRssMb: Math.max(peakRssMb, after.rssMb),
    };
  }

  const code = measureSecurityCode();
  for (const [i, processes] of PROCESSES.entries()) {
    if (i > 0) {
      await server.stop();
      server = await startServer(processes);
    }
    const pid = server.child.pid ?? 0;
    const load = loadavg()
      .map((l) => fmt(l, 2))
      .join(' ');
    await run(WARMUP_SECONDS, pid);
    const m = await run(SECONDS, pid);
    // The baseline at the connections the app can use at once (its pool, per process), same database, same run.
    const pg = await bareTransfer(scratch.url, USERS, POOL * processes, SECONDS);
    const p50 = percentile(m.sorted, 50);
    const p99 = percentile(m.sorted, 99);
    const label = `${processes} API process${processes > 1 ? 'es' : ''}`;
    console.log('');
    console.log(`--- ${label} (WEB_CONCURRENCY=${processes}, DB_POOL_MAX=${POOL} each)`);
    console.log(
      `machine:           ${cpus().length} cores, load average before the run ${load} (shared with other runs)`,
    );
    console.log(
      `clients:           ${CLIENTS} concurrent (keep-alive), ${USERS} funded users, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
    );
    console.log(`answers:           ${[...m.statuses].map(([s, n]) => `${s} x ${n}`).join(', ')}`);
    console.log(`sends:             ${fmt(m.rate, 0)} sends/s (${m.ok} in ${fmt(m.elapsed, 1)} s)`);
    console.log(
      `latency of 201s:   p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(m.sorted.at(-1) ?? 0)} (${m.sorted.length} samples)`,
    );
    console.log(
      `server processes:  RSS ${fmt(m.peakRssMb, 0)} MB peak, CPU ${fmt(m.cpuMs / m.elapsed / 10, 0)} % of one core, ${ms(m.cpuMsPerSend)} CPU per 201`,
    );
    console.log(
      `receipt mails:     ${ms(m.receiptsCpuMsPerSend)} CPU per 201 in their own process at nice 19 (deferred PDFs; not in the server's figure)`,
    );
    console.log(
      `database:          ${ms(m.databaseCpuMsPerSend)} CPU per 201 (the PostgreSQL backends serving this run's database)`,
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
  await database.close();
  await server.stop();
  await scratch.drop();
  if (profiling) {
    const newest = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort()
      .at(-1);
    if (newest)
      console.log(
        `server CPU profile: ${path.join(profileDir, newest)} (node --import tsx bench/profile-top.ts <file>)`,
      );
  }
}
