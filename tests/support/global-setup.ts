import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../server/config.ts';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '../../server/db/embedded-postgres.ts';
import { createScratchDatabase } from './scratch-database.ts';

const exec = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The migrated database the run's own and every file's scratch database are copies of (never connected to). */
    templateDatabase: string;
  }
}

/**
 * One fresh database per test run, migrated once, on the PostgreSQL named by DATABASE_URL (CI uses the machine's)
 * or else on an embedded one. Test files share it and must not assume empty tables: they create their own users.
 * The migrations run once, into a template nobody connects to; the run's database and the databases test files
 * make of their own (migrated-scratch.ts) are copies of it.
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
  // Migrations are TypeScript files loaded at run time: run them the way operators do, through the CLI.
  const template = await createScratchDatabase(serverUrl, 'wallet_template', { migrate: true });
  const scratch = await createScratchDatabase(serverUrl, 'wallet_test', { template: template.name });
  const databaseUrl = scratch.url;
  project.provide('databaseUrl', databaseUrl);
  project.provide('templateDatabase', template.name);

  return async () => {
    // After every API test has moved money its way, the books must still balance (ledger:check clean
    // after the whole suite). Run as an operator would; a break fails the run with the command's report.
    const check = await exec(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'ledger:check'], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    }).catch((error: { stdout?: string; stderr?: string }) => error);
    await scratch.drop();
    await template.drop();
    await embedded?.stop();
    if (!check.stdout?.includes('Ledger OK')) {
      // Vitest ignores errors thrown here for its exit code: set it, so `npm test` fails.
      process.exitCode = 1;
      throw new Error(`ledger:check after the API tests found problems:\n${check.stdout ?? ''}${check.stderr ?? ''}`);
    }
    console.log(`ledger:check after the API tests: ${check.stdout.split('\n')[0]}, Ledger OK`);
  };
}
