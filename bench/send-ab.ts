/**
 * Two builds of the server side by side on one send-bench database, measured in alternation: the server CPU per
 * send of one build against the other's, blocks of sends alternated between two live servers so that both see the
 * same machine load (on a machine at load 20-45 two runs minutes apart differ by more than a change is worth).
 *
 *   git worktree add --detach /tmp/send-base <commit> && cp -al node_modules /tmp/send-base/
 *   AB_BASE=/tmp/send-base BENCH_PORT_BASE=3240 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --import tsx bench/send-ab.ts
 *   AB_ROUNDS=6 AB_SECONDS=8   rounds per side (order A B, B A, A B...) and seconds of sends per round
 *   AB_RATE=100                sends per second offered to each side (an open loop, below what both sustain), so
 *                              both are compared at one rate; 0: a closed loop, each client sending again at once
 *   AB_CPU_PROF=1              also a V8 CPU profile of each side, in .data/profiles/{A,B}-<time>/
 *
 * A = the checkout in AB_BASE, B = this one. Each is `scripts/start.mjs` as `npm start` runs it, one API process
 * (WEB_CONCURRENCY=1), at npm start's default logging (BENCH_LOG_LEVEL changes it) into its own file, on a fresh
 * database dropped at the end. The in-process workers are off on both (CHAIN_WORKER=off): two servers polling one
 * database would each work off the other's queues, and what is compared is the request path (the notification
 * deliveries that each write request nudges still run, in the server that took the send). The send bench's
 * workload: 32 clients with keep-alive, 256 funded users with 8 registered recipients each, a security code and an
 * Idempotency-Key per send. Per round: the server's CPU (its process tree, /proc), the database's (the backends of
 * that database, but the bench's own) and this process's own (the load generator), each per 201.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../server/db/database.ts';
import { projectRoot } from '../server/config.ts';
import { BenchClient, benchServerLimits, type BenchUser } from './api-client.ts';
import { fundedUsersWithContacts } from './send-users.ts';
import { fmt } from './report.ts';
import { createScratchDatabase, seedDemo } from './scratch-database.ts';
import {
  benchLogLevel,
  benchPort,
  databaseBackendsCpu,
  databaseCpuSince,
  processStats,
  stopServers,
} from './server-process.ts';

const baseRoot = process.env.AB_BASE ?? '';
if (!baseRoot) throw new Error('AB_BASE is required (see the header)');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.AB_SECONDS ?? 8);
const WARMUP_SECONDS = 4;
// CPU per send depends on the rate (a busier event loop does more per wake-up, the fixed per-second work is spread
// over more sends), and a closed loop's rate follows the machine's load: an offered rate compares like with like.
const RATE = Number(process.env.AB_RATE ?? 100);
const CLIENTS = 32;
const USERS = 256;
const CONTACTS_PER_USER = 8;
const CODE = '482916';
// One set of secrets for both servers: a token signed in on one is valid on the other, and a security code set
// through one verifies on the other (the pepper keys its MAC); each checkout would otherwise make its own.
const secrets = {
  SECRET_KEY: randomBytes(32).toString('hex'),
  SECURITY_CODE_PEPPER: randomBytes(32).toString('base64url'),
  KYC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const profileDir = (side: Side) => path.join(projectRoot, '.data', 'profiles', `${side}-${stamp}`);
type Side = 'A' | 'B';

const scratch = await createScratchDatabase('send_ab');
const databaseName = new URL(scratch.url).pathname.slice(1);

async function start(side: Side, root: string, port: number): Promise<{ child: ChildProcess; client: BenchClient }> {
  const profile = process.env.AB_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir(side)}`] : [];
  const logFile = path.join(projectRoot, '.data', `send-ab-${side}.log`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const child = spawn(process.execPath, [...profile, path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      ...benchServerLimits,
      PORT: String(port),
      DATABASE_URL: scratch.url,
      ...secrets,
      WEB_CONCURRENCY: '1',
      CHAIN_WORKER: 'off',
      LOG_LEVEL: benchLogLevel,
    },
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
  });
  const client = new BenchClient(`http://127.0.0.1:${port}`, CLIENTS * 2);
  for (let waited = 0; ; waited += 100) {
    const up = await client.request('GET', '/api/health/').catch(() => ({ status: 0 }));
    if (up.status === 200) return { child, client };
    if (child.exitCode !== null || waited > 120_000) throw new Error(`server in ${root} did not start (${logFile})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// One after the other: the first migrates the fresh database, the second finds it done.
const servers = { A: await start('A', baseRoot, benchPort(6)) } as Record<Side, Awaited<ReturnType<typeof start>>>;
servers.B = await start('B', projectRoot, benchPort(7));
seedDemo(scratch.url);
const database = connectDatabase({ url: scratch.url, poolMax: 4 });
try {
  const setup = servers.A.client;
  const { users, contacts } = await fundedUsersWithContacts(setup, database.db, {
    count: USERS,
    contactsPerUser: CONTACTS_PER_USER,
    tag: 'sendab',
    securityCode: CODE,
  });

  /** The send bench's loop for `seconds` against one side; CPU per 201 of the server, database and this process. */
  async function sends(side: Side, seconds: number) {
    const { child, client } = servers[side];
    const pid = child.pid ?? 0;
    const statuses = new Map<number, number>();
    const serverBefore = processStats(pid).cpuMs;
    const databaseBefore = databaseBackendsCpu(databaseName);
    const benchBefore = process.cpuUsage();
    const start = performance.now();
    const end = start + seconds * 1000;
    let missed = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const mine = users.filter((_, i) => i % CLIENTS === c);
        for (let turn = 0; performance.now() < end; turn++) {
          if (RATE > 0) {
            // Client c's k-th send is due at start + (k * CLIENTS + c) / RATE; one that is late goes at once.
            const due = start + ((turn * CLIENTS + c) * 1000) / RATE;
            if (due >= end) break;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            else if (wait < -1000 / (RATE / CLIENTS)) missed++;
          }
          const sender = mine[turn % mine.length] as BenchUser;
          const targets = contacts.get(sender.userId) ?? [];
          const send = {
            token: sender.token,
            headers: { 'idempotency-key': randomUUID() },
            body: {
              amount: `${randomInt(1, 10)}.${String(randomInt(0, 100)).padStart(2, '0')}`,
              contact: targets[randomInt(0, targets.length)],
              security_code: CODE,
            },
          };
          // A keep-alive socket the server closed while the other side was measured fails at once: sent again,
          // same Idempotency-Key, so a send that did reach the server is answered by its replay, not repeated.
          const response = await client
            .request('POST', '/api/transactions/', send)
            .catch(() => client.request('POST', '/api/transactions/', send));
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const bench = process.cpuUsage(benchBefore);
    const ok = statuses.get(201) ?? 0;
    return {
      ok,
      missed,
      statuses,
      server: processStats(pid).cpuMs - serverBefore,
      database: databaseCpuSince(databaseName, databaseBefore),
      bench: (bench.user + bench.system) / 1000,
    };
  }

  for (const side of ['A', 'B'] as const) await sends(side, WARMUP_SECONDS);
  const totals = {
    A: { ok: 0, server: 0, database: 0, bench: 0, idle: 0, idleSeconds: 0 },
    B: { ok: 0, server: 0, database: 0, bench: 0, idle: 0, idleSeconds: 0 },
  };
  const per = (v: number, n: number) => fmt(v / Math.max(1, n), 3);
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s per side, ${CLIENTS} clients, ${RATE > 0 ? `${RATE} sends/s offered` : 'closed loop'}, LOG_LEVEL=${benchLogLevel}; A = ${baseRoot}, B = ${projectRoot}`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const load = fmt(loadavg()[0] ?? 0, 1);
      const otherSide = side === 'A' ? 'B' : 'A';
      const otherBefore = processStats(servers[otherSide].child.pid ?? 0).cpuMs;
      const m = await sends(side, SECONDS);
      // The side not driven meanwhile: its timers and the database clock, plus the notification deliveries its own
      // last round nudged and left (none when it kept up with its rate), per second.
      totals[otherSide].idle += processStats(servers[otherSide].child.pid ?? 0).cpuMs - otherBefore;
      totals[otherSide].idleSeconds += SECONDS;
      const other = [...m.statuses].filter(([status]) => status !== 201);
      for (const key of ['ok', 'server', 'database', 'bench'] as const) totals[side][key] += m[key];
      console.log(
        `round ${round + 1} ${side}: ${m.ok} sends (${fmt(m.ok / SECONDS, 0)}/s${m.missed ? `, ${m.missed} more than a period late` : ''}, load ${load})${other.length ? ` others ${other.map(([s, n]) => `${s} x ${n}`).join(', ')}` : ''}; CPU per 201: server ${per(m.server, m.ok)} ms, database ${per(m.database, m.ok)} ms, load generator ${per(m.bench, m.ok)} ms`,
      );
    }
  }
  for (const side of ['A', 'B'] as const) {
    const t = totals[side];
    const idlePerSecond = t.idle / Math.max(1, t.idleSeconds);
    console.log(
      `${side} overall: ${t.ok} sends; CPU per 201: server ${per(t.server, t.ok)} ms, database ${per(t.database, t.ok)} ms, load generator ${per(t.bench, t.ok)} ms; server while the other side was driven ${fmt(idlePerSecond, 1)} ms/s (its timers, and the deliveries its own last round left: an idle floor only when it kept up)`,
    );
  }
} finally {
  await database.close();
  await stopServers(Object.values(servers));
  await scratch.drop();
  if (process.env.AB_CPU_PROF === '1') console.log(`profiles: ${profileDir('A')} ${profileDir('B')}`);
}
