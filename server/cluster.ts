import cluster, { type Worker } from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { MigrationError } from './db/migrator.ts';
import { openDatabase, type OpenDatabase } from './db/open-database.ts';
import { seedOnFirstStart } from './cli/seed/seed-first-start.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { startReceiptMailProcess, type ReceiptMailProcess } from './receipt-mail-process.ts';
import { childExecArgv, entryPointFile } from './runtime-layout.ts';

/**
 * `npm start` on all the cores (ADR 010): WEB_CONCURRENCY API processes (server/main.ts each, Node's cluster
 * module sharing the port) beside ONE PostgreSQL. The primary serves nothing itself: it starts the embedded
 * PostgreSQL when there is no DATABASE_URL (so the data dir's lock, and the refusal of a second `npm start` on
 * the same data, stay where they were), migrates and seeds it once, then hands its URL to the workers as their
 * DATABASE_URL. Everything the processes share (sessions, attempt counters, idempotency keys, locks) already
 * lives in PostgreSQL. A worker that dies is replaced; one that dies before it ever listened stops the whole
 * start (a port in use, a bad setting: restarting would only loop). SIGTERM/SIGINT: each worker drains its
 * in-flight requests (main.ts's own shutdown), then the primary stops PostgreSQL.
 */

const say = (message: string) => console.log(`[wallet] ${message}`);
/** Set by the primary on each API process: '1' when the primary has brought the schema up to date (main.ts). */
const schemaCheckedEnv = 'WALLET_SCHEMA_CHECKED';
/** Set by the primary on each API process: '1' on the one that runs the periodic background work (main.ts). */
const backgroundWorkEnv = 'WALLET_BACKGROUND_WORK';
/** A worker still running this long past its own forced shutdown (SHUTDOWN_TIMEOUT_MS) is killed, so PostgreSQL can stop. */
const drainMarginMs = 5_000;
/** Restarts of a crashing worker are spaced by this much, at least, so a crash loop does not eat the machine. */
const restartDelayMs = 1_000;

function describe(error: unknown): string {
  const known =
    error instanceof ConfigError || error instanceof EmbeddedPostgresError || error instanceof MigrationError;
  if (known || !(error instanceof Error)) return known ? error.message : String(error);
  return `${error.message}${'code' in error ? ` (${String(error.code)})` : ''}`;
}

async function primary(config: Config, processes: number): Promise<void> {
  const startedAt = performance.now();
  let database: OpenDatabase | undefined;
  if (!config.DATABASE_URL) {
    try {
      // One connection is enough here: the primary only migrates and seeds.
      database = await openDatabase({ ...config, DB_POOL_MAX: 1 }, { log: say, role: 'app' });
      await seedOnFirstStart(database, config, say);
    } catch (error) {
      await database?.close();
      console.error(`[wallet] cannot open the database: ${describe(error)}`);
      process.exitCode = 1;
      return;
    }
  }
  // The primary migrated the embedded database just now: its API processes need not check the schema again.
  const workerEnv = database ? { DATABASE_URL: database.url, [schemaCheckedEnv]: '1' } : {};
  cluster.setupPrimary({
    exec: entryPointFile('cluster-worker'),
    execArgv: childExecArgv(),
  });

  let stopping = false;
  let exitCode = 0;
  const listened = new WeakSet<Worker>();
  // Slot 0 runs the periodic background work (the in-process workers' polls, the expiry sweep, the liabilities
  // schedule): once for the cluster, not once per process (ADR 010). Its replacement, when
  // it dies, takes the same slot, so that work stops only for the restart's second.
  const slots = new Map<Worker, number>();
  let ready = 0;
  let announced = false;
  const fork = (slot: number) => {
    const worker = cluster.fork({ ...workerEnv, [backgroundWorkEnv]: slot === 0 ? '1' : '0' });
    slots.set(worker, slot);
    worker.on('listening', (address) => {
      listened.add(worker);
      say(`API process ${worker.id} (pid ${worker.process.pid}) listening`);
      ready++;
      if (ready === processes && !announced) {
        announced = true;
        const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
        say(`${processes} API processes ready in ${seconds} s on http://${config.HOST}:${address.port}/`);
      }
    });
    return worker;
  };
  let receipts: ReceiptMailProcess | undefined;
  const finish = async () => {
    await receipts?.stop(config.SHUTDOWN_TIMEOUT_MS);
    await database?.close();
    say('stopped');
    process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
      return;
    }
    if (!listened.has(worker)) {
      // It never served: the same start would fail again. Stop the others and say so.
      console.error(`[wallet] API process ${worker.id} exited before listening (code ${code ?? signal})`);
      void stop('start-up failure', 1);
      return;
    }
    console.error(
      `[wallet] API process ${worker.id} (pid ${worker.process.pid}) died (${signal ?? `code ${code}`}): restarting it`,
    );
    ready--;
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, restartDelayMs);
  });

  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    say(`${reason}: the API processes finish their in-flight requests`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) return finish();
    for (const worker of workers) worker.process.kill('SIGTERM');
    void receipts?.stop(config.SHUTDOWN_TIMEOUT_MS); // its pass ends while the API processes drain
    const drainLimitMs = config.SHUTDOWN_TIMEOUT_MS + drainMarginMs;
    setTimeout(() => {
      console.error(`[wallet] API processes still running after ${drainLimitMs / 1000} s: killing them`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
    }, drainLimitMs).unref();
  };
  // A terminal's Ctrl-C reaches the workers too (same process group); they drain on their own, and so on SIGINT
  // the primary only waits for them (a second SIGTERM to them is harmless: main.ts ignores repeats). Every signal
  // is handled: a second one must not kill the primary, which would leave PostgreSQL and its lock behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) say(`${signal} received: already shutting down`);
      else void stop(`${signal} received`);
    });
  }

  for (let slot = 0; slot < processes; slot++) fork(slot);
  // Receipt PDFs are rendered in one process of their own at the lowest priority, never in an API process.
  if (config.CHAIN_WORKER === 'in-process') receipts = startReceiptMailProcess({ env: workerEnv, log: say });
  if (config.METRICS_PORT !== undefined) {
    // Unref'd: the metrics port never keeps a stopping primary alive.
    (await startMetricsServer(config.METRICS_PORT)).unref();
    say(`metrics of all API processes on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
  }
}

/** Runs `npm start`'s server: one process in place when WEB_CONCURRENCY is 1, else the cluster above. */
export async function startServer(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`[wallet] ${describe(error)}`);
    process.exitCode = 1;
    return;
  }
  if (config.WEB_CONCURRENCY <= 1) {
    await import('./main.ts');
    return;
  }
  await primary(config, config.WEB_CONCURRENCY);
}
