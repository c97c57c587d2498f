/**
 * Anchoring figures: lag from a committed transfer to its stored tx_id, p50/p99, under an offered load
 * of 100 transfers/s, on the built-in ledger and on an EVM network (hardhat's EVM in this process, behind a local
 * JSON-RPC endpoint); then the worker's throughput in records/s on a backlog. Prints figures; asserts nothing.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/anchoring.ts
 *
 * Transfers go through the real send path (sendToPerson: ledger entry, transaction row and outbox job in one
 * database transaction), without HTTP. Lag is measured by the database clock: chain_outbox.published_at minus
 * chain_outbox.created_at. Works in a scratch database next to DATABASE_URL's, dropped at the end. The workers
 * run with the configuration's defaults (CHAIN_WORKER_INTERVAL_MS, CHAIN_WORKER_BATCH, CHAIN_WORKER_CONCURRENCY).
 * BENCH_SECONDS (default 10) sets the length of the load phase, BENCH_BACKLOG (default 3000) the backlog of the
 * built-in ledger's throughput phase, BENCH_EVM_BACKLOG (default 300) the EVM one's; BENCH_NETWORKS (default
 * `local,evm`) which ledgers are measured.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { money } from '../common/money/money.ts';
import { serviceDeps } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { connectDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import type { Database } from '../server/db/schema.ts';
import { withTransaction } from '../server/ledger/transaction.ts';
import { countPendingJobs } from '../server/modules/anchoring/anchor-outbox.repository.ts';
import { startAnchorWorker } from '../server/modules/anchoring/anchor-worker.ts';
import { consoleWorkerLog } from '../server/jobs/worker-log.ts';
import { createContact } from '../server/modules/contacts/contacts.service.ts';
import type { ServiceDeps } from '../server/modules/service-deps.ts';
import { sendToPerson } from '../server/modules/transfers/send.service.ts';
import { createUser, newAccounts } from '../server/modules/users/users.service.ts';
import { deployRegistry, testMnemonic, testOperatorKey } from '../server/adapters/chain/evm/evm-test-fixtures.ts';
import { startTestEvmNode } from '../server/adapters/chain/evm/test-evm-node.ts';
import { fundWallet } from '../tests/support/factories.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 100;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 3000);
const EVM_BACKLOG = Number(process.env.BENCH_EVM_BACKLOG ?? 300);
const NETWORKS = (process.env.BENCH_NETWORKS ?? 'local,evm').split(',');
const PAIRS = 20;

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

type Send = () => Promise<string>;

/** PAIRS funded senders with a registered recipient each; returns a function making one 1.00 MAD transfer. */
async function senders(deps: ServiceDeps, tag: string): Promise<Send> {
  const pairs: { from: string; contact: Awaited<ReturnType<typeof createContact>> }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const [from, to] = await withTransaction(deps.db, async (tx) => [
      await createUser(
        tx,
        newAccounts(deps),
        { identifier: { kind: 'email', value: `${tag}-s${i}@bench.example` }, language: 'fr' },
        new Date(),
      ),
      await createUser(
        tx,
        newAccounts(deps),
        { identifier: { kind: 'email', value: `${tag}-r${i}@bench.example` }, language: 'fr' },
        new Date(),
      ),
    ]);
    await fundWallet(deps.db, from.id, 10_000_000n);
    const contact = await createContact(
      deps,
      { id: from.id, role: 'customer', agencyId: null, sessionId: 'bench' },
      { first_name: 'Bench', last_name: 'Recipient', email: to.email ?? '' },
    );
    pairs.push({ from: from.id, contact });
  }
  let n = 0;
  return async () => {
    const pair = pairs[n++ % pairs.length]!;
    const outcome = await withTransaction(deps.db, (tx) =>
      sendToPerson(tx, deps, pair.from, pair.contact, money('MAD', 100n)),
    );
    return outcome.id;
  };
}

async function waitPublished(db: Kysely<Database>, ids: string[], timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db
      .selectFrom('chain_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('transaction_id', 'in', ids)
      .where('published_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0 || Date.now() > deadline) return Number(row.n);
    await sleep(20);
  }
}

async function lagsMs(db: Kysely<Database>, ids: string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('chain_outbox')
    .select(['created_at', 'published_at'])
    .where('transaction_id', 'in', ids)
    .where('published_at', 'is not', null)
    .execute();
  return rows.map((r) => (r.published_at ?? r.created_at).getTime() - r.created_at.getTime()).sort((a, b) => a - b);
}

/** 100 transfers/s offered for SECONDS (sends started on a fixed schedule, not waiting for each other). */
async function loadPhase(deps: ServiceDeps, send: Send, label: string): Promise<void> {
  const stop = startAnchorWorker(deps, consoleWorkerLog(`[${label}] worker:`));
  const ids: Promise<string>[] = [];
  const started = performance.now();
  for (let i = 0; i < SECONDS * RATE; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    ids.push(send());
  }
  const sent = await Promise.all(ids);
  const offeredSeconds = (performance.now() - started) / 1000;
  const left = await waitPublished(deps.db, sent, 120_000);
  await stop();
  const lags = await lagsMs(deps.db, sent);
  console.log(
    `${label}: ${sent.length} transfers in ${offeredSeconds.toFixed(1)} s (${(sent.length / offeredSeconds).toFixed(0)}/s achieved), ` +
      `anchoring lag p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms, max ${lags.at(-1)} ms` +
      (left > 0 ? `, ${left} NOT published within 120 s` : ''),
  );
}

/**
 * A backlog of `backlog` committed transfers, then `workers` workers started together: records/s until drained.
 * A worker's first pass starts one CHAIN_WORKER_INTERVAL_MS after it is started: that wait is not counted.
 */
async function throughputPhase(
  deps: ServiceDeps,
  send: Send,
  label: string,
  workers: number,
  backlog: number,
): Promise<void> {
  for (let i = 0; i < backlog; i += 10) await Promise.all(Array.from({ length: Math.min(10, backlog - i) }, send));
  const pending = await countPendingJobs(deps.db);
  const started = performance.now() + deps.config.CHAIN_WORKER_INTERVAL_MS;
  const stops = Array.from({ length: workers }, () => startAnchorWorker(deps, consoleWorkerLog(`[${label}]`)));
  const deadline = Date.now() + 300_000;
  let left = pending;
  while (left > 0 && Date.now() < deadline) {
    await sleep(10);
    left = await countPendingJobs(deps.db);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(stops.map((s) => s()));
  console.log(
    `${label}: ${workers} worker(s), ${pending - left} records in ${seconds.toFixed(2)} s = ${((pending - left) / seconds).toFixed(0)} records/s` +
      (left > 0 ? `, ${left} NOT published within 300 s` : ''),
  );
}

const scratch = await createScratchDatabase('anchoring_bench');
const database = connectDatabase({ url: scratch.url, poolMax: 20 });
const node = await startTestEvmNode();

/** The same phases on an EVM network: hardhat's EVM in this process, a registry deployed on it. */
async function evmPhases(): Promise<void> {
  const registry = await deployRegistry(node);
  const evmEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: scratch.url,
    LOG_LEVEL: 'silent',
    CHAIN_WORKER: 'off',
    CHAIN_RPC_URL: node.url,
    CHAIN_ID: String(node.chainId),
    CHAIN_EXPLORER_URL: 'https://explorer.example',
    CHAIN_HD_MNEMONIC: testMnemonic,
    CHAIN_OPERATOR_KEY: testOperatorKey,
    CHAIN_REGISTRY_ADDRESS: registry,
    // hardhat mines each transaction at once (automine): one confirmation is the receipt's own block.
    CHAIN_CONFIRMATIONS: '1',
    CHAIN_POLL_INTERVAL_MS: '50',
  };
  console.log('EVM: hardhat automine, CHAIN_CONFIRMATIONS=1, receipts polled every 50 ms');
  const evm = serviceDeps({ config: loadConfig(evmEnv), db: database.db });
  const evmSend = await senders(evm, 'evm');
  await loadPhase(evm, evmSend, 'EVM (in-process)');
  await throughputPhase(evm, evmSend, 'EVM (in-process)', 1, EVM_BACKLOG);
  await throughputPhase(evm, evmSend, 'EVM (in-process)', 4, EVM_BACKLOG);
}

try {
  await migrateToLatest(database.db);
  const common = { NODE_ENV: 'test', DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', CHAIN_WORKER: 'off' } as const;
  const local = serviceDeps({ config: loadConfig(common), db: database.db });
  const { CHAIN_WORKER_INTERVAL_MS, CHAIN_WORKER_BATCH, CHAIN_WORKER_CONCURRENCY } = local.config;
  console.log(
    `anchoring bench: ${RATE} transfers/s offered for ${SECONDS} s; worker defaults: polls every ${CHAIN_WORKER_INTERVAL_MS} ms, ` +
      `batch ${CHAIN_WORKER_BATCH}, concurrency ${CHAIN_WORKER_CONCURRENCY}; backlog ${BACKLOG} (EVM ${EVM_BACKLOG}). ` +
      `Load average ${loadAverage()}: noisy, 2 shared cores.`,
  );

  if (NETWORKS.includes('local')) {
    const localSend = await senders(local, 'local');
    await loadPhase(local, localSend, 'built-in ledger');
    await throughputPhase(local, localSend, 'built-in ledger', 1, BACKLOG);
    await throughputPhase(local, localSend, 'built-in ledger', 4, BACKLOG);
  }
  if (NETWORKS.includes('evm')) await evmPhases();
  console.log(`load average at the end ${loadAverage()}`);
} finally {
  await node.close();
  await database.close();
  await scratch.drop();
}
process.exit(0);
