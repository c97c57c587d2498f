import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ChaosClient, newStats, type Anomaly } from './client.ts';
import { ApiProcess, Cluster, createDatabase, freePort, runCli, sleep, type ChaosDatabase } from './cluster.ts';
import { checkInvariants, type Evidence } from './invariants.ts';
import { sameDecimal } from './books.ts';
import { checkFloors } from './floors.ts';
import { addUser, formatMinor, newJournal, type Journal } from './journal.ts';
import {
  addContact,
  agencyIds,
  inBatches,
  randomIp,
  setLevels,
  setSecurityCode,
  signIn,
  type Customer,
  type Person,
  type Teller,
} from './population.ts';
import { closeOperatorDb, preloadAdmin, stopWorker, workerStats } from './operator.ts';
import { Rng } from './rng.ts';
import { scenarios } from './scenarios/index.ts';
import { chooseRates } from './scenarios/topup.ts';
import { runWorkload } from './workload.ts';
import type { World } from './world.ts';
import { serverBuilt } from '../support/server-program.ts';

/**
 * `npm run chaos -- [--seconds 30] [--seed N] [--report FILE] [--keep]`: a bank's workload against two
 * API processes on one PostgreSQL, one of them killed -9 at random moments and restarted, then the invariants.
 * Exit 0 only with zero anomalies. `--keep` leaves the database (and prints its URL) for a post-mortem.
 */

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    seed: { type: 'string' },
    report: { type: 'string' },
    keep: { type: 'boolean', default: false },
    customers: { type: 'string', default: '12' },
  },
});
const seconds = Number(flags.seconds);
const seed = flags.seed === undefined ? randomBytes(4).readUInt32BE() : Number(flags.seed);
const customerCount = Number(flags.customers);
if (!Number.isFinite(seconds) || seconds <= 0 || !Number.isInteger(seed) || !(customerCount >= 2)) {
  console.error('usage: npm run chaos -- [--seconds N] [--seed N] [--customers N] [--report FILE] [--keep]');
  process.exit(2);
}

const started = Date.now();
const log = (line: string) =>
  console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const rng = new Rng(seed);
const anomalies: Anomaly[] = [];
const stats = newStats();
const journal = newJournal();
let database: ChaosDatabase | undefined;
let cluster: Cluster | undefined;
/** Payment files and the bank's reports (scenarios/bank-deposit.ts). */
let scratchDir: string | undefined;

/** Kill what we started on any way out: normal end, failure, Ctrl-C. */
async function cleanup(): Promise<void> {
  const c = cluster;
  const d = database;
  cluster = undefined;
  database = undefined;
  await c?.killAll().catch(() => {});
  await stopWorker().catch(() => {});
  await closeOperatorDb();
  if (scratchDir && !flags.keep) fs.rmSync(scratchDir, { recursive: true, force: true });
  else if (scratchDir) log(`kept payment files in ${scratchDir}`);
  if (d) {
    if (flags.keep) log(`kept database ${d.url}`);
    await d.close(flags.keep).catch((error: unknown) => log(`could not drop ${d.name}: ${String(error)}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

/**
 * The environment of both processes and of the operator commands: one set of secrets (a token signed by one
 * process is checked by the other), a dev outbox for sign-in codes, and the sign-in limits raised so the workload
 * is not throttled (they are the security suite's subject, not this one's). Short expiry times make withdrawals
 * and unclaimed transfers expire during the run, racing with payouts, cancellations and claims.
 */
const apiApplicationName = 'chaos-api';

function runEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    EXPOSE_DEV_ROUTES: 'true',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DB_POOL_MAX: '8',
    SECRET_KEY: randomBytes(32).toString('base64url'),
    SECURITY_CODE_PEPPER: randomBytes(32).toString('base64url'),
    // A 32-byte Ed25519 seed in base64, one of the forms config.ts accepts.
    CHAIN_SIGNING_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: '',
    SMS_PROVIDER_URL: '',
    STRIPE_SECRET_KEY: '',
    LOGIN_CODE_RESEND_SECONDS: '1',
    LOGIN_CODE_MAX_ATTEMPTS: '50',
    LOGIN_CODES_PER_IDENTIFIER_PER_HOUR: '100000',
    LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: '1000000',
    LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: '1000000',
    WITHDRAWAL_TTL_SECONDS: String(Math.max(8, Math.round(seconds / 3))),
    UNCLAIMED_TRANSFER_TTL_SECONDS: String(Math.max(10, Math.round(seconds / 2))),
    EXPIRY_SWEEP_INTERVAL_SECONDS: '2',
    // A teller's reservation lapses within the run (scenarios/reserved-cancel.ts lets some of them lapse).
    PAYOUT_RESERVATION_SECONDS: '3',
    // Mobile wallet payouts: the sandbox answers within the run, and a request that failed is tried again soon.
    PAYOUT_WALLET_SANDBOX_DELAY_MS: '300',
    PAYOUT_WALLET_RETRY_BASE_MS: '200',
    PAYOUT_WALLET_RETRY_MAX_MS: '2000',
    // Level 2 (most customers, population.ts setLevels) at the highest limits the configuration takes: a 10-minute
    // run tops up and sends far more than a month of the production figures. Level 1 keeps the production limits.
    LIMIT_L2_TOPUP_EUR: '1000000',
    LIMIT_L2_OUTGOING_MAD: '1000000',
  };
}

function secondDevice(c: Customer): Customer {
  const other = person(c.email);
  return { ...c, rng: other.rng, client: other.client, topsUp: false };
}

function person(email: string): Person {
  const own = rng.fork();
  const client = new ChaosClient({ cluster: cluster as Cluster, rng: own, stats, anomalies, timeoutChance: 0.08 });
  return { email, ip: randomIp(own), userId: '', token: '', client, rng: own };
}

interface TellerRow {
  email: string;
  agencyId: string;
}

/** The demo agencies and tellers (seed:demo), plus a second teller at two of them so two tellers race on one code. */
async function seedTellers(env: NodeJS.ProcessEnv, tag: string): Promise<TellerRow[]> {
  // The run's own rates before seed:demo (which then leaves them alone): the client prices top-ups from these.
  const rates = chooseRates(rng);
  const from = Date.now();
  const set = await runCli(
    'admin',
    ['rates:set', ...Object.entries(rates).flatMap(([name, value]) => [`--${name}`, value])],
    env,
  );
  if (set.code !== 0) throw new Error(`rates:set failed:\n${set.output}`);
  journal.rates.push({ freemium: rates.freemium, subscription: rates.subscription, from, to: Date.now() });
  log(`rates set: freemium ${rates.freemium}, subscription ${rates.subscription}, official ${rates.official}`);
  const seeded = await runCli('admin', ['seed:demo'], env);
  if (seeded.code !== 0) throw new Error(`seed:demo failed:\n${seeded.output}`);
  const listing = await runCli('admin', ['banker:list'], env);
  // banker:list's columns are padded with two spaces or more; the agency column opens with the agency's id.
  const rows = [...listing.output.matchAll(/^\d+\s+(\S+@\S+)\s{2,}.*?\s{2,}(\d+) \S/gm)].map((m) => ({
    email: String(m[1]),
    agencyId: String(m[2]),
  }));
  if (rows.length === 0) throw new Error(`no tellers in:\n${listing.output}`);
  const extra = rows
    .slice(0, 2)
    .map((t, i) => ({ email: `chaos-teller-${i}-${tag}@example.com`, agencyId: t.agencyId }));
  await Promise.all(
    extra.map(async (t) => {
      const added = await runCli('admin', ['banker:add', '--email', t.email, '--agency', t.agencyId], env);
      if (added.code !== 0) throw new Error(`banker:add failed:\n${added.output}`);
    }),
  );
  log(`${rows.length + extra.length} tellers at ${new Set(rows.map((t) => t.agencyId)).size} agencies`);
  return [...rows, ...extra];
}

/** Signs everyone in over HTTP and gives the customers their recipients. */
async function populate(
  tellerRows: TellerRow[],
  tag: string,
): Promise<{
  customers: Customer[];
  tellers: Teller[];
  ghosts: string[];
  registrar: Person;
  recruit: (email: string) => Person;
}> {
  const tellers: Teller[] = await inBatches(tellerRows, 4, async (row) => {
    const p = person(row.email);
    Object.assign(p, await signIn(p.client, p.email, p.ip));
    addUser(journal, p.email, p.userId);
    await setSecurityCode(p);
    return { ...p, agencyId: row.agencyId };
  });
  const emails = Array.from({ length: customerCount }, (_, i) => `chaos-${i}-${tag}@example.com`);
  const ghosts = Array.from({ length: Math.ceil(customerCount / 2) }, (_, i) => `chaos-late-${i}-${tag}@example.com`);
  const people = await inBatches(emails, 4, async (email) => {
    const p = person(email);
    Object.assign(p, await signIn(p.client, p.email, p.ip));
    addUser(journal, p.email, p.userId);
    await setSecurityCode(p);
    return p;
  });
  const agencies = people[0] ? await agencyIds(people[0]) : [];
  const withTellers = agencies.filter((id) => tellers.some((t) => t.agencyId === String(id)));
  const customers: Customer[] = await inBatches(people, 4, async (p) => {
    const others = people.filter((o) => o !== p);
    const registered = new Map<number, string>();
    for (let i = 0; i < 3; i++) {
      const other = others[(people.indexOf(p) + i) % others.length];
      if (other) {
        registered.set(await addContact(p, other.email, 'Chaos', `Customer ${other.email.split('-')[1]}`), other.email);
      }
    }
    const ghostContacts = new Map<number, string>();
    for (const g of [ghosts[people.indexOf(p) % ghosts.length], ghosts[(people.indexOf(p) + 1) % ghosts.length]]) {
      if (g) ghostContacts.set(await addContact(p, g, 'Late', 'Registrant'), g);
    }
    return {
      ...p,
      registered,
      ghosts: ghostContacts,
      agencies: new Map(withTellers.map((id) => [id, String(id)])),
      topsUp: true,
    };
  });
  return { customers, tellers, ghosts, registrar: person('registrar'), recruit: person };
}

/** What the app serves must be the rates the run set: the client then prices top-ups on its own. */
async function readRates(reader: Person): Promise<void> {
  const from = Date.now();
  const res = await reader.client.request({ method: 'GET', path: '/api/rates/', ip: reader.ip, timeoutChance: 0 });
  const set = journal.rates.at(-1);
  const same = (a: unknown, b: string | undefined) =>
    typeof a === 'string' && /^\d+(\.\d+)?$/.test(a) && b !== undefined && sameDecimal(a, b);
  if (
    res.status !== 200 ||
    !same(res.body.freemium, set?.freemium) ||
    !same(res.body.subscription, set?.subscription)
  ) {
    anomalies.push({
      check: 'rates-read',
      detail: `set ${JSON.stringify(set)}, read ${res.status} ${JSON.stringify(res.body)}`,
    });
    return;
  }
  journal.rates.push({
    freemium: String(res.body.freemium),
    subscription: String(res.body.subscription),
    from,
    to: Date.now(),
  });
}

function summarize(evidence: Evidence | undefined, durationMs: number, workloadMs: number, drainMs = 0) {
  const count = <T>(items: T[], key: (t: T) => string) =>
    items.reduce<Record<string, number>>((acc, t) => ((acc[key(t)] = (acc[key(t)] ?? 0) + 1), acc), {});
  const j: Journal = journal;
  return {
    seed,
    seconds,
    operations: {
      topup: count(j.topups, (t) => (t.result === 'refused' && t.card === 'declined' ? 'declined' : t.result)),
      send: count(
        j.money.filter((m) => m.kind === 'send'),
        (m) => m.result,
      ),
      send_unregistered: count(
        j.money.filter((m) => m.kind === 'send-unregistered'),
        (m) => m.result,
      ),
      withdraw: count(
        j.money.filter((m) => m.kind === 'withdraw'),
        (m) => m.result,
      ),
      payout: count(j.payouts, (p) => `${p.result}${p.repeat ? ' (repeat)' : ''}`),
      cancel: count(j.cancels, (c) => c.result),
      // plan: the customer's cancel while reserved -> after it (0: none); the teller's validate
      reserved_cancel: count(
        j.reservations.filter((r) => r.reserve === 200),
        (r) =>
          `${r.plan}: cancel ${r.firstCancel?.status ?? '-'}${r.secondCancel ? ` then ${r.secondCancel.status}` : ''}, validate ${r.validate ?? '-'}`,
      ),
      late_signup: count(j.signups, (s) => s.result),
      payout_send: count(j.payoutSends, (p) => `${p.method} ${p.result}`),
      bank_fates: count([...j.bankFates.values()], (f) => f),
      payment_files: j.paymentFiles.length,
      part_files: j.partFiles,
      wallet_callbacks_resent: j.walletCallbacks,
      schedules: count(j.schedules, (s) => `${s.affordable ? 'affordable' : 'beyond balance'} ${s.result}`),
      // Operator commands by name (in a child process, or in the run's): how many ran, were killed -9, failed.
      operator: j.operatorRuns.reduce<Record<string, { runs: number; killed: number; failed: number }>>((acc, r) => {
        const name = `${r.command.split(' ')[0] ?? ''}${r.inProcess ? ' (in process)' : ''}`;
        const e = (acc[name] ??= { runs: 0, killed: 0, failed: 0 });
        e.runs += 1;
        if (r.killed) e.killed += 1;
        else if (r.code !== 0) e.failed += 1;
        return acc;
      }, {}),
      operator_failures: j.operatorRuns
        .filter((r) => !r.killed && r.code !== 0)
        .slice(0, 5)
        .map((r) => `${r.command}: exit ${r.code}: ${r.output}`),
      // The card page answered "paid" but the sandbox could not deliver its event: the customer paid again.
      sandbox_undelivered: j.topups.reduce((n, t) => n + t.undelivered, 0),
      replays: j.replays,
      conflict_probes: j.conflictProbes,
      balance_reads: j.balanceReads,
    },
    http: stats,
    // Money-moving operations that needed a retry after an attempt whose outcome the client never saw.
    retried_after_unknown: {
      money: j.money.filter((m) => m.unknown > 0).length,
      payouts: j.payouts.filter((p) => p.unknown > 0).length,
      cancels: j.cancels.filter((c) => c.unknown > 0).length,
      card_payments: j.topups.filter((t) => t.unknown > 0).length,
      // Of those, the ones whose first attempt had done the work (proved by the key's time in the database).
      answered_by_replay: evidence?.answeredByReplay ?? 0,
    },
    final_transactions: evidence?.statuses,
    wallets_checked: evidence?.wallets,
    users: journal.userIds.size,
    kills: cluster?.kills ?? 0,
    worker: workerStats(),
    restarts: cluster?.restarts ?? 0,
    backend_terminations: cluster?.terminations ?? 0,
    backends_terminated: cluster?.terminatedBackends ?? 0,
    mad:
      evidence &&
      Object.fromEntries(
        Object.entries({ ...evidence.totals } satisfies Record<string, bigint>).map(([k, v]) => [k, formatMinor(v)]),
      ),
    anomalies: anomalies.length,
    anomaly_list: anomalies.slice(0, 50),
    workload_s: Number((workloadMs / 1000).toFixed(1)),
    drain_s: Number((drainMs / 1000).toFixed(1)),
    duration_s: Number((durationMs / 1000).toFixed(1)),
  };
}

async function main(): Promise<number> {
  log(`seed ${seed} (replay: npm run chaos -- --seconds ${seconds} --seed ${seed})`);
  // The operator's commands in this process, for the drain: loaded while the run sets up.
  preloadAdmin();
  // The API processes, the worker and the operator commands run built, as in production: built first when a source
  // is newer than the last build.
  await serverBuilt();
  scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sila-chaos-'));
  database = await createDatabase(log);
  const env = runEnv(database.url);
  const migrated = await runCli('migrate', [], env);
  if (migrated.code !== 0) throw new Error(`migration failed:\n${migrated.output}`);
  log(`database ${database.name} on ${database.embedded ? 'an embedded PostgreSQL' : 'DATABASE_URL'}, migrated`);
  const [portA, portB] = [await freePort(), await freePort()];
  // The API processes' sessions carry a name of their own: the backend monkey terminates those, and only those.
  // Every limit is on: the workload tops up 20-250 EUR again and again, and a level-1 customer passes 1,000 EUR
  // per 30 days within minutes; the books take that refusal (400 on the amount with the limit message) as an
  // expected outcome, not an anomaly (scenarios/topup.ts). Most customers are at level 2, whose limits the run
  // raises out of reach (runEnv), so the workload keeps moving money (population.ts setLevels).
  const apiEnv = { ...env, DB_APPLICATION_NAME: apiApplicationName };
  cluster = new Cluster([new ApiProcess('api-a', portA, apiEnv), new ApiProcess('api-b', portB, apiEnv)]);
  const tag = rng.uuid().slice(0, 8);
  // The operator commands and the two start-ups overlap: loading the server's modules dominates all of them.
  const [tellerRows] = await Promise.all([
    seedTellers(env, tag),
    Promise.all(cluster.nodes.map((n) => n.start())).then(() => log(`api-a :${portA}, api-b :${portB} up`)),
  ]);
  const people = await populate(tellerRows, tag);
  const levels = await setLevels(database.url, people.customers);
  log(`${levels.level2} customers at level 2, ${levels.level1} at level 1`);
  log(
    `${people.customers.length} customers, ${people.tellers.length} tellers, ${people.ghosts.length} people to register late`,
  );

  await readRates(people.registrar);
  const workloadStart = Date.now();
  const world: World = {
    journal,
    anomalies,
    stopAt: workloadStart + seconds * 1000,
    counters: new Map(),
    operatorEnv: env,
    operatorRng: rng.fork(),
    workerEnv: apiEnv,
    scratchDir,
    log,
  };
  const monkey = cluster.monkey(rng.fork().next, world.stopAt, log);
  const backendMonkey = cluster.backendMonkey(rng.fork().next, world.stopAt, database.url, apiApplicationName, log);
  // A third of the customers use a second device at the same time (same session, own Idempotency-Keys): spends
  // of one balance race across both processes, and a cancel on one device races with the other's operations.
  const devices = people.customers.filter((_, i) => i % 3 === 0).map(secondDevice);
  await Promise.all([...runWorkload(world, people, devices), monkey, backendMonkey]);
  const workloadMs = Date.now() - workloadStart;
  log(`workload done in ${(workloadMs / 1000).toFixed(1)} s; draining`);
  // No more kills: the last payment file and reports, the last scheduler pass, the wallet callbacks still owed.
  const drainStart = Date.now();
  await Promise.all(scenarios.flatMap((s) => (s.drain ? [s.drain(world, people)] : [])));
  const drainMs = Date.now() - drainStart;
  log(`drained in ${(drainMs / 1000).toFixed(1)} s; stopping the processes`);
  await stopWorker();
  await closeOperatorDb();
  // The checks read a still database: no request, sweep or late retry can move money under them.
  for (const node of cluster.nodes) {
    const errors = node.errorLines();
    if (errors.length > 0) log(`${node.name} logged errors:\n${errors.slice(-20).join('\n')}`);
  }
  await cluster.killAll();

  const check = await runCli('admin', ['ledger:check'], env);
  if (check.code !== 0) anomalies.push({ check: 'ledger:check', detail: check.output.trim() });
  log(`ledger:check exit ${check.code}: ${check.output.trim().split('\n').pop() ?? ''}`);
  const evidence = await checkInvariants(database.url, journal, anomalies);
  checkFloors(
    { seconds, journal, stats, kills: cluster.kills, terminatedBackends: cluster.terminatedBackends },
    anomalies,
    log,
  );

  const summary = summarize(evidence, Date.now() - started, workloadMs, drainMs);
  console.log(JSON.stringify(summary, null, 2));
  const ops = summary.operations;
  const oks = (r: Record<string, number>) => r.ok ?? 0;
  log(
    `top-ups ${oks(ops.topup)} (${journal.topups.filter((t) => t.limited).length} refused by the limit), sends ${oks(ops.send) + oks(ops.send_unregistered)}, withdrawals ${oks(ops.withdraw)}, ` +
      `payouts ${oks(ops.payout)}, cancels ${oks(ops.cancel)} acknowledged; ${stats.requests} requests, ` +
      `${stats.retries} retries, ${stats.timeouts} client timeouts, ${stats.connectionErrors} connection errors; ` +
      `${summary.kills} kills, ${summary.restarts} restarts, ${summary.backends_terminated} database sessions ` +
      `terminated in ${summary.backend_terminations} rounds; ${anomalies.length} anomalies; ${summary.duration_s} s`,
  );
  const pass = anomalies.length === 0;
  writeReport(pass, summary);
  log(pass ? 'PASS: zero anomalies' : `FAIL: ${anomalies.length} anomalies (seed ${seed})`);
  return pass ? 0 : 1;
}

function writeReport(pass: boolean, summary: unknown): void {
  if (!flags.report) return;
  fs.mkdirSync(path.dirname(path.resolve(flags.report)), { recursive: true });
  fs.writeFileSync(
    flags.report,
    JSON.stringify({ numPassedTests: pass ? 1 : 0, numFailedTests: pass ? 0 : 1, summary }, null, 2),
  );
}

let code = 1;
try {
  code = await main();
} catch (error) {
  log(`run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  anomalies.push({ check: 'run', detail: error instanceof Error ? error.message : String(error) });
  writeReport(false, summarize(undefined, Date.now() - started, 0));
} finally {
  await cleanup();
  await sleep(0);
}
process.exit(code);
