import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.ts';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '../../server/db/embedded-postgres.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { serverBuilt, serverProgram } from './server-program.ts';

const exec = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    /** One migrated database per worker, the first for VITEST_POOL_ID 1 (read through test-database.ts). */
    databaseUrls: string[];
    /** The migrated database the workers' own and every file's scratch database are copies of (never connected to). */
    templateDatabase: string;
  }
}

/**
 * Fresh databases per test run, migrated once, on the PostgreSQL named by DATABASE_URL (CI uses the machine's)
 * or else on an embedded one: one per worker, since files run side by side. The files of one worker share its
 * database and must not assume empty tables: they create their own users. The migrations run once, into a template
 * nobody connects to; the workers' databases and the databases test files make of their own (migrated-scratch.ts)
 * are copies of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let embedded: RunningEmbeddedPostgres | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(projectRoot, '.data', 'test-pg'),
      port: 54330,
      database: 'postgres',
    });
    serverUrl = embedded.url;
  }
  // The tests that start the server's programs as processes of their own run them built (server-program.ts).
  await serverBuilt();
  // Migrations are loaded at run time: run them the way operators do, through the CLI.
  const template = await createScratchDatabase(serverUrl, 'wallet_template', { migrate: true });
  // VITEST_POOL_ID runs from 1 to the run's number of workers (the project's or, for a run of every project, the
  // whole run's): one database for each.
  const workers = Math.max(project.config.maxWorkers, project.globalConfig.maxWorkers, 1);
  const databases = await Promise.all(
    Array.from({ length: workers }, (_, i) => createScratchDatabase(serverUrl, `wallet_test_${i + 1}`, { template: template.name })),
  );
  project.provide('databaseUrls', databases.map((database) => database.url));
  project.provide('templateDatabase', template.name);

  return async () => {
    // After every API test has moved money its way, the books must still balance (ledger:check clean on every
    // worker's database after the whole suite). Run as an operator would; a break fails the run with the command's
    // report. Every database at once: each check is mostly the command line starting (the server's modules).
    const checks = await Promise.all(
      databases.map(async (database) => {
        const check = await exec(process.execPath, serverProgram('admin', 'ledger:check'), {
          cwd: projectRoot,
          env: { ...process.env, DATABASE_URL: database.url },
        }).catch((error: { stdout?: string; stderr?: string }) => error);
        return { database, check };
      }),
    );
    for (const { database } of checks) await database.drop();
    await template.drop();
    await embedded?.stop();
    const broken = checks.filter(({ check }) => !check.stdout?.includes('Ledger OK'));
    if (broken.length > 0) {
      // Vitest ignores errors thrown here for its exit code: set it, so `npm test` fails.
      process.exitCode = 1;
      const reports = broken.map(({ database, check }) => `${database.name}:\n${check.stdout ?? ''}${check.stderr ?? ''}`);
      throw new Error(`ledger:check after the API tests found problems:\n${reports.join('\n')}`);
    }
    for (const { database, check } of checks) {
      console.log(`ledger:check after the API tests (${database.name}): ${check.stdout?.split('\n')[0]}, Ledger OK`);
    }
  };
}
