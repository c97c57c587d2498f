/**
 * Two builds of the server side by side on one list-bench database, measured in alternation: on a machine whose
 * load moves minute to minute, CPU per request of two runs minutes apart differs by more than a change is worth
 * (ADR 010); blocks of requests alternated between two live servers see the same load.
 *
 *   BENCH_KEEP=1 BENCH_PLANS=0 BENCH_REQUESTS=1 node --import tsx bench/list-endpoints.ts   # prints "kept: URL"
 *   git archive <base> | tar -x -C /tmp/base && cp -al node_modules /tmp/base/
 *   AB_DATABASE_URL=URL AB_BASE=/tmp/base node --import tsx bench/list-ab.ts
 *   AB_CPU_PROF=1 ...        # also a V8 CPU profile of each side's processes, in .data/profiles/{A,B}-<time>/
 *   AB_ONLY=health,first ... # only the queries whose name contains one of these texts
 *   AB_ALL=1 ...             # every query of bench/list-endpoints.ts, not only the seven main ones
 *
 * A = the checkout in AB_BASE, B = this one (AB_BASE may be this one too, to try AB_B_PGOPTIONS on B alone). Per query: ROUNDS rounds of REQUESTS requests (4 clients) on each,
 * the order swapped every round; the server's CPU (its process tree) and the database's (the backends of that
 * database, taken as the measured server's while it alone is driven) per request, and p50/p99 over all rounds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { projectRoot } from '../server/config.ts';
import { BenchClient, benchServerLimits, mapConcurrent } from './api-client.ts';
import { fmt, percentile } from './report.ts';
import { benchPort, databaseBackendsCpu, databaseCpuSince, processStats, stopServers } from './server-process.ts';

const url = process.env.AB_DATABASE_URL ?? '';
const baseRoot = process.env.AB_BASE ?? '';
if (!url || !baseRoot) throw new Error('AB_DATABASE_URL and AB_BASE are required (see the header)');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const REQUESTS = Number(process.env.AB_REQUESTS ?? 300);
const CLIENTS = 4;
const databaseName = new URL(url).pathname.slice(1);
// One key for both servers: a token signed in on one is valid on the other.
const SECRET_KEY = randomBytes(32).toString('hex');

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const profileDir = (side: 'A' | 'B') => path.join(projectRoot, '.data', 'profiles', `${side}-${stamp}`);

async function start(
  side: 'A' | 'B',
  root: string,
  port: number,
  extra: Record<string, string> = {},
): Promise<{ child: ChildProcess; client: BenchClient }> {
  const profile = process.env.AB_CPU_PROF === '1' ? [`--cpu-prof`, `--cpu-prof-dir=${profileDir(side)}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, ...benchServerLimits, PORT: String(port), DATABASE_URL: url, SECRET_KEY, ...extra },
    stdio: 'ignore',
  });
  const client = new BenchClient(`http://127.0.0.1:${port}`, CLIENTS * 2);
  for (let waited = 0; ; waited += 100) {
    const up = await client.request('GET', '/api/health/').catch(() => ({ status: 0 }));
    if (up.status === 200) return { child, client };
    if (child.exitCode !== null || waited > 90_000) throw new Error(`server in ${root} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A token for a user of the bench database, through the sign-in API (the dev outbox shows the code). */
async function signIn(client: BenchClient, email: string): Promise<string> {
  await client.request('POST', '/api/auth/send_code/', { body: { email, language: 'fr' } });
  const outbox = await client.request<{ results: { code: string | null }[] }>(
    'GET',
    `/api/dev/outbox/?to=${encodeURIComponent(email)}`,
  );
  const code = outbox.body.results.find((m) => m.code)?.code;
  const verified = await client.request<{ access: string }>('POST', '/api/auth/verify_code/', {
    body: { email, code },
  });
  if (verified.status !== 200) throw new Error(`sign-in ${email}: ${verified.status}`);
  return verified.body.access;
}

const pool = new pg.Pool({ connectionString: url, max: 1 });
// partner: a user the customer has a linked recipient for (the `user=` filter of a contact's transactions).
const { rows: people } = await pool.query<{ email: string; tx: number; partner: string | null }>(
  `SELECT u.email, (SELECT count(*)::int FROM transactions t WHERE t.sender_user_id = u.id OR t.recipient_user_id = u.id) AS tx,
          (SELECT min(c.contact_user)::text FROM contacts c WHERE c.owner_user_id = u.id AND c.contact_user IS NOT NULL) AS partner
     FROM users u WHERE u.role = 'customer' AND u.email LIKE 'bench-list-%' ORDER BY tx DESC`,
);
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
await pool.end();
const heaviest = people[0];
const typical = people[Math.floor(people.length / 2)];
if (!heaviest || !typical) throw new Error('not a list-bench database');

const servers = {
  A: await start('A', baseRoot, benchPort(6)),
  // AB_B_PGOPTIONS: server settings for B's connections only (e.g. '-c plan_cache_mode=force_generic_plan').
  B: await start(
    'B',
    projectRoot,
    benchPort(7),
    process.env.AB_B_PGOPTIONS ? { PGOPTIONS: process.env.AB_B_PGOPTIONS } : {},
  ),
};
try {
  const only = process.env.AB_ONLY?.split(',');
  const queries = (
    [
      // The floor: no authentication, one SELECT 1.
      ['health', '/api/health/'],
      ['transactions, first page', '/api/transactions/?page=1&page_size=10'],
      ['transactions, page 100', '/api/transactions/?page=100&page_size=10'],
      ['transactions, category=sending', '/api/transactions/?category=sending&page_size=10'],
      ['transactions, amount +-10 %', '/api/transactions/?amount_gte=225.00&amount_lte=275.00&page_size=10'],
      ['contacts, first page', '/api/contacts/?page=1&page_size=10'],
      ['contacts, search "ben"', '/api/contacts/?search=ben&page_size=10'],
      // The rest of bench/list-endpoints.ts's queries, with AB_ALL=1 (each statement shape of the lists).
      ...(process.env.AB_ALL === '1'
        ? ([
            ['transactions, category=reception', '/api/transactions/?category=reception&page_size=10'],
            ['transactions, category=exchange', '/api/transactions/?category=exchange&page_size=10'],
            ['transactions, category=withdraw', '/api/transactions/?category=withdraw&page_size=10'],
            ['transactions, amount=250.00', '/api/transactions/?amount=250.00&page_size=10'],
            ['transactions, 7-day window', `/api/transactions/?start_date=${day(30)}&end_date=${day(23)}&page_size=10`],
            ['transactions, user=contact', '/api/transactions/?user={partner}&page_size=10'],
            ['contacts, search "élo" (accents)', '/api/contacts/?search=%C3%A9lo&page_size=10'],
            ['contacts, search no match', '/api/contacts/?search=zq9x7w&page_size=10'],
            ['contacts, search phone "0612"', '/api/contacts/?search=0612&page_size=10'],
          ] as [string, string][])
        : []),
    ] as [string, string][]
  ).filter(([name]) => !only || only.some((text) => name.includes(text)));
  for (const [who, person] of [
    [`typical (${typical.tx} transactions)`, typical],
    [`heaviest (${heaviest.tx} transactions)`, heaviest],
  ] as const) {
    const token = await signIn(servers.A.client, person.email);
    const tokens = { A: token, B: token };
    console.log(`\n${who}: ${ROUNDS} rounds x ${REQUESTS} requests per server, ${CLIENTS} clients, alternated`);
    for (const [name, template] of queries) {
      const query = template.replace('{partner}', person.partner ?? '0');
      const totals = {
        A: { cpu: 0, db: 0, latencies: [] as number[] },
        B: { cpu: 0, db: 0, latencies: [] as number[] },
      };
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
          const { child, client } = servers[side];
          for (let i = 0; i < 20; i++) await client.request('GET', query, { token: tokens[side] });
          const cpuBefore = processStats(child.pid ?? 0).cpuMs;
          const dbBefore = databaseBackendsCpu(databaseName);
          await mapConcurrent(Array.from({ length: REQUESTS }), CLIENTS, async () => {
            const t0 = performance.now();
            const answer = await client.request('GET', query, { token: tokens[side] });
            totals[side].latencies.push(performance.now() - t0);
            if (answer.status !== 200) throw new Error(`${side} ${query}: ${answer.status}`);
          });
          totals[side].cpu += processStats(child.pid ?? 0).cpuMs - cpuBefore;
          totals[side].db += databaseCpuSince(databaseName, dbBefore);
        }
      }
      const line = (side: 'A' | 'B') => {
        const sorted = totals[side].latencies.sort((a, b) => a - b);
        const n = ROUNDS * REQUESTS;
        return `${side}: server ${fmt(totals[side].cpu / n, 2)} ms  db ${fmt(totals[side].db / n, 2)} ms  p50 ${fmt(percentile(sorted, 50), 1)}  p99 ${fmt(percentile(sorted, 99), 1)} ms`;
      };
      console.log(`  ${name.padEnd(32)} ${line('A')}   ${line('B')}`);
    }
  }
} finally {
  await stopServers(Object.values(servers));
  if (process.env.AB_CPU_PROF === '1') console.log(`profiles: ${profileDir('A')} ${profileDir('B')}`);
}
