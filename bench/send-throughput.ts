/**
 * Send throughput through the HTTP API, the whole path a phone takes: bearer token (session and user read from
 * the database), the 6-digit security code (scrypt), the Idempotency-Key, the ledger entry, the history row and
 * the anchoring job. 32 concurrent clients with keep-alive against a real server process (`scripts/start.mjs`)
 * on the machine's PostgreSQL, in a fresh database dropped at the end; many pre-funded users send to each other.
 * Next to it, in the same run and on the same PostgreSQL: pgbench's bare two-UPDATE transfer at 32 clients.
 *
 *   node --import tsx bench/send-throughput.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SECONDS=10 BENCH_USERS=256 node --import tsx bench/send-throughput.ts
 *   BENCH_CPU_PROF=1 node --import tsx bench/send-throughput.ts   # also writes a V8 CPU profile of the server
 *
 * The security code's share of the cost is measured apart: the same scrypt parameters timed in this process
 * (CPU per verification, and verifications per second at 32 concurrent on the libuv pool), set against the
 * server's CPU per send during the run. Prints figures; asserts nothing.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
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
import { benchPort, startBenchServer } from './server-process.ts';

const CLIENTS = 32;
const USERS = Number(process.env.BENCH_USERS ?? 256);
const CONTACTS_PER_USER = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PORT = benchPort(3);
const CODE = '482916';
const profileDir = path.join(projectRoot, '.data', 'profiles');

/** Resident memory and CPU time (user + system, ms) of a process, from /proc. */
function processStats(pid: number): { rssMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  return { rssMb: rssKb / 1024, cpuMs: (ticks * 1000) / 100 };
}

/** The security-code check alone: HMAC-SHA-256(pepper, salt || code) as the server computes it, in this process. */
async function measureSecurityCode(): Promise<{
  cpuMsPerVerify: number;
  wallMsPerVerify: number;
  verifiesPerSecond: number;
}> {
  const pepper = randomBytes(32).toString('hex');
  const salt = randomBytes(16);
  const securityCodeWork = async (pepperKey: string, code: string, saltBytes: Buffer) =>
    Promise.resolve(securityCodeMac(pepperKey, code, saltBytes));
  await securityCodeWork(pepper, CODE, salt);
  const n = 2000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await securityCodeWork(pepper, CODE, salt);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  // 32 at once, as the server sees them: the libuv pool (4 threads) on the machine's cores.
  let done = 0;
  const end = performance.now() + 3000;
  const t1 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        await securityCodeWork(pepper, CODE, salt);
        done++;
      }
    }),
  );
  return {
    cpuMsPerVerify: (cpu.user + cpu.system) / 1000 / n,
    wallMsPerVerify: wall / n,
    verifiesPerSecond: done / ((performance.now() - t1) / 1000),
  };
}

const scratch = await createScratchDatabase('send_bench');
const profiling = process.env.BENCH_CPU_PROF === '1';
if (profiling) mkdirSync(profileDir, { recursive: true });
const server = await startBenchServer(PORT, '.data/bench-pg', {
  env: { ...benchServerLimits, DATABASE_URL: scratch.url, DB_POOL_MAX: process.env.DB_POOL_MAX ?? '10' },
  nodeArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  logFile: path.join(projectRoot, '.data', 'bench-send-server.log'),
});
const pid = server.child.pid ?? 0;
seedDemo(scratch.url); // after the server's own migration: rates and agencies
const client = new BenchClient(server.baseUrl, CLIENTS * 2);
const database = connectDatabase({ url: scratch.url, poolMax: 4 });
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
      const created = await client.request<{ id: number; contact_user: number | null }>('POST', '/api/contacts/', {
        token: user.token,
        body: { first_name: 'Bench', last_name: `Contact${k}`, email: other.email },
      });
      if (created.status !== 201 || created.body.contact_user === null)
        throw new Error(`contact: ${created.status} ${JSON.stringify(created.body)}`);
      ids.push(created.body.id);
    }
    contacts.set(user.userId, ids);
  });
  console.log(
    `setup: ${USERS} users, ${USERS * CONTACTS_PER_USER} contacts in ${fmt((performance.now() - setupStart) / 1000, 1)} s`,
  );

  // Each client drives its own users in turn (one user is never sending twice at once, as on one phone), to a
  // random one of that user's recipients: every send locks two of USERS wallets, so clients do meet on rows.
  const statuses = new Map<number, number>();
  async function run(
    seconds: number,
  ): Promise<{ latencies: number[]; elapsed: number; cpuMs: number; peakRssMb: number }> {
    const latencies: number[] = [];
    let peakRssMb = 0;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, processStats(pid).rssMb);
    }, 250);
    const before = processStats(pid);
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
          latencies.push(performance.now() - t0);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    clearInterval(sampler);
    const after = processStats(pid);
    return { latencies, elapsed, cpuMs: after.cpuMs - before.cpuMs, peakRssMb: Math.max(peakRssMb, after.rssMb) };
  }

  const load = loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');
  await run(WARMUP_SECONDS);
  statuses.clear();
  const measured = await run(SECONDS);
  const ok = statuses.get(201) ?? 0;
  const sorted = [...measured.latencies].sort((a, b) => a - b);
  const rate = ok / measured.elapsed;
  const rss = processStats(pid).rssMb;
  const cpuMsPerSend = measured.cpuMs / Math.max(1, measured.latencies.length);

  const ledger = await checkLedger(database.db);
  const pg = await bareTransfer(scratch.url, USERS, CLIENTS, SECONDS);
  const code = await measureSecurityCode();
  const codeShare = code.cpuMsPerVerify / cpuMsPerSend;

  const ms = (v: number) => `${fmt(v, 1)} ms`;
  console.log('');
  console.log(
    `machine:           ${cpus().length} cores, load average before the run ${load} (shared with other test runs)`,
  );
  console.log(
    `clients:           ${CLIENTS} concurrent (keep-alive), ${USERS} funded users, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up`,
  );
  console.log(`answers:           ${[...statuses].map(([s, n]) => `${s} x ${n}`).join(', ')}`);
  console.log(`sends:             ${fmt(rate, 0)} sends/s (${ok} in ${fmt(measured.elapsed, 1)} s)`);
  console.log(
    `latency:           p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
  console.log(
    `server process:    RSS ${fmt(rss, 0)} MB (peak ${fmt(measured.peakRssMb, 0)} MB), CPU ${fmt(measured.cpuMs / measured.elapsed / 10, 0)} % of one core, ${ms(cpuMsPerSend)} CPU per send`,
  );
  console.log(
    `pgbench transfer:  ${fmt(pg.tps, 0)} tx/s (two UPDATEs, ${CLIENTS} clients, ${USERS} rows; latency average ${pg.latency})`,
  );
  console.log(`ratio:             ${fmt((100 * rate) / pg.tps, 1)} % of pgbench`);
  console.log(
    `security code:     ${ms(code.cpuMsPerVerify)} CPU per verification (HMAC-SHA-256; wall ${ms(code.wallMsPerVerify)} alone), ` +
      `${fmt(code.verifiesPerSecond, 0)} verifications/s at most (32 at once on the libuv pool, in this process alone, machine load as is)`,
  );
  console.log(`                   = ${fmt(100 * codeShare, 0)} % of the server's CPU per send`);
  console.log(
    `ledger:check:      ${ledger.problems.length === 0 ? 'clean' : ledger.problems.join('; ')} (${ledger.entries} entries)`,
  );

  emitMetric({
    metric: 'send throughput (HTTP, 32 clients)',
    value: `${fmt(rate, 0)} sends/s`,
    goal: '>= 1000 sends/s',
    met: rate >= 1000,
  });
  emitMetric({ metric: 'send latency p50', value: ms(percentile(sorted, 50)) });
  emitMetric({
    metric: 'send latency p99',
    value: ms(percentile(sorted, 99)),
    goal: '< 50 ms',
    met: percentile(sorted, 99) < 50,
  });
  emitMetric({ metric: 'server RSS under send load', value: `${fmt(measured.peakRssMb, 0)} MB peak` });
  emitMetric({ metric: 'pgbench two-UPDATE transfer (32 clients)', value: `${fmt(pg.tps, 0)} tx/s` });
  emitMetric({ metric: 'sends / pgbench', value: `${fmt((100 * rate) / pg.tps, 1)} %` });
  emitMetric({
    metric: 'security-code check share of server CPU per send',
    value: `${fmt(100 * codeShare, 0)} % (${ms(code.cpuMsPerVerify)} of ${ms(cpuMsPerSend)})`,
  });
  emitMetric({
    metric: 'security-code verifications/s ceiling (alone)',
    value: `${fmt(code.verifiesPerSecond, 0)} /s`,
  });
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
