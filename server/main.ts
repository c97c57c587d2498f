import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { hostClock, startDatabaseClock, type DatabaseClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { MigrationError } from './db/migrator.ts';
import { openDatabase, type OpenDatabase } from './db/open-database.ts';
import { seedOnFirstStart } from './cli/seed/seed-first-start.ts';
import { handleShutdownSignals } from './shutdown.ts';
import { registerDatabaseMetrics } from './metrics/database-metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { startReceiptMailProcess, type ReceiptMailProcess } from './receipt-mail-process.ts';

/**
 * config -> database (embedded unless DATABASE_URL) -> app -> listen. On SIGINT/SIGTERM: stop accepting, let
 * in-flight requests finish, close the pool, stop the embedded database.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const say = (message: string) => console.log(`[wallet] ${message}`);

  let database: OpenDatabase;
  try {
    // A cluster's primary that started the embedded database migrated it already (cluster.ts says so).
    const migrate = !cluster.isWorker || process.env.WALLET_SCHEMA_CHECKED !== '1';
    database = await openDatabase(config, { log: say, role: 'app', migrate });
  } catch (error) {
    fail(`cannot open the database: ${describe(error)}`);
    return;
  }
  try {
    await seedOnFirstStart(database, config, say);
  } catch (error) {
    await database.close();
    fail(`cannot load the demo data: ${describe(error)}`);
    return;
  }

  // Expiries are decided on the database's clock, not this host's.
  let clock: DatabaseClock;
  try {
    clock = await startDatabaseClock(database.db, { hostNow: hostClock(config), log: say });
  } catch (error) {
    await database.close();
    fail(`cannot read the database's clock: ${describe(error)}`);
    return;
  }
  // A lone server runs the periodic background work; of a cluster's API processes, the one the primary says
  // (server/cluster.ts: WALLET_BACKGROUND_WORK, kept by its replacement when it dies).
  const backgroundWork = !cluster.isWorker || process.env.WALLET_BACKGROUND_WORK === '1';
  const app = await buildApp({ config, db: database.db, clock, backgroundWork });
  app.addHook('onClose', async () => clock.stop());
  registerDatabaseMetrics(database.db, database.pool);
  // In a cluster the primary publishes every process's metrics (cluster.ts); a lone server publishes its own.
  if (config.METRICS_PORT !== undefined && !cluster.isWorker) {
    const metricsServer = await startMetricsServer(config.METRICS_PORT);
    app.addHook('onClose', async () => void metricsServer.close());
    say(`metrics on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
  }
  // The receipt mails' own low-priority process, when the workers run in-process: a lone server forks it here, a
  // cluster's primary forks the one of all its API processes (cluster.ts).
  let receipts: ReceiptMailProcess | undefined;
  handleShutdownSignals({
    graceMs: config.SHUTDOWN_TIMEOUT_MS,
    log: say,
    stoppedMessage: 'stopped',
    // app.close() stops accepting, waits for the requests in flight and runs the onClose hooks (the sweep and the
    // workers await their pass in flight); only then the pool and the embedded PostgreSQL close, after the
    // receipt mails' process has ended its pass.
    drain: async () => {
      try {
        await Promise.all([app.close(), receipts?.stop(config.SHUTDOWN_TIMEOUT_MS)]);
      } finally {
        await database.close();
      }
    },
    force: async () => {
      app.server.closeAllConnections();
      await database.forceClose();
    },
  });

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    await database.close();
    fail(`cannot listen on ${config.HOST}:${config.PORT}: ${describe(error)}`);
    return;
  }
  if (!cluster.isWorker && config.CHAIN_WORKER === 'in-process') {
    receipts = startReceiptMailProcess({ env: { DATABASE_URL: database.url }, log: say });
  }
  if (cluster.isWorker && backgroundWork) say(`API process pid ${process.pid} runs the background work`);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(2);
  say(`database ${database.description}`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  say(`ready in ${seconds} s on http://${config.HOST}:${port}/`);
}

function describe(error: unknown): string {
  const known =
    error instanceof ConfigError || error instanceof EmbeddedPostgresError || error instanceof MigrationError;
  if (known) return error.message;
  if (error instanceof Error) return `${error.message}${'code' in error ? ` (${String(error.code)})` : ''}`;
  return String(error);
}

function fail(message: string): void {
  console.error(`[wallet] ${message}`);
  process.exitCode = 1;
}

await main().catch((error: unknown) => fail(describe(error)));
