import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { APP_ROLE } from '../../server/db/app-role.ts';
import { connectDatabase, databaseTimeouts, type DatabaseHandle } from '../../server/db/database.ts';
import { testDatabaseUrl } from './test-database.ts';

export interface TestApp {
  /** `http://127.0.0.1:<port>`: tests speak HTTP to a listening server, as a client would. */
  baseUrl: string;
  app: FastifyInstance;
  /** The app's own connections, as the app's role (ADR 003): what the app may do, fixtures may too. */
  database: DatabaseHandle;
  /**
   * Connections as the login, the owner of the tables (as migrations and operator tools): for fixtures that do
   * what the app's role may not (DDL, a tampered journal). Opened on first use.
   */
  owner: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The app on this worker's test database (test-database.ts), listening on a free port. */
export async function startTestApp(
  overrides: {
    env?: NodeJS.ProcessEnv;
    deps?: Partial<AppDeps>;
    databaseUrl?: string;
    /** The connections' application_name, so a test can find (and terminate) this app's backends. */
    applicationName?: string;
    /** Apply the configured DB_*_TIMEOUT_MS bounds, as the server does (off by default in tests). */
    databaseTimeouts?: boolean;
    /** Extra routes a test needs (registered before the app is ready). */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const databaseUrl = overrides.databaseUrl ?? testDatabaseUrl();
  // Background work (anchoring, payment actions, the liabilities schedule) stays off unless a test asks for it: a
  // test app configured as production would otherwise run it on the shared database with its own keys, and sign
  // other tests' public-ledger records with them (chain:verify then finds signatures that do not verify).
  // Tests read sign-in codes from the dev outbox and pay in the sandbox; production refuses the flag, so a test app
  // configured as production goes without it.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    CHAIN_WORKER: 'off',
    LIABILITIES_SNAPSHOT_CRON: 'off',
    ...(overrides.env?.NODE_ENV !== 'production' && { EXPOSE_DEV_ROUTES: 'true' }),
    ...overrides.env,
  });
  // As the API processes connect: the app's role, which privileges bind (ADR 003). Fixtures that must write what
  // the app cannot (the journal directly) open a connection of their own as the login.
  const database = connectDatabase({
    url: databaseUrl,
    role: APP_ROLE,
    poolMax: 5,
    applicationName: overrides.applicationName,
    preparedStatements: config.DB_PREPARED_STATEMENTS === 'on',
    timeouts: overrides.databaseTimeouts ? databaseTimeouts(config) : undefined,
  });
  const owner = connectDatabase({ url: databaseUrl, poolMax: 2, applicationName: 'test-fixtures-owner' });
  const app = await buildApp({ config, db: database.db, logger: false, ...overrides.deps });
  overrides.extend?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    owner,
    config,
    async close() {
      await app.close();
      await database.close();
      await owner.close();
    },
  };
}
