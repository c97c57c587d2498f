import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../../server/config.ts';
import { serverBuilt, serverProgram } from './server-program.ts';

const exec = promisify(execFile);

/** One statement on a server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Migrates a database through the built command line, as operators do (`npm run db:migrate`); its output. */
export async function migrateDatabase(url: string): Promise<string> {
  await serverBuilt();
  const { stdout } = await exec(process.execPath, serverProgram('migrate'), {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: url },
  });
  return stdout;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, even with connections still open. */
  drop(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A fresh database `<prefix>_<time>_<random>` beside `serverUrl`'s, for a test run, a test file that needs a
 * database of its own, the chaos workload or a benchmark; migrated through the CLI, as operators do, when asked,
 * or a copy of `template` (a database of the same server nobody is connected to): PostgreSQL copies a migrated
 * database's files in a fraction of a second, where running the migrations again takes seconds.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { migrate?: boolean; template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const quoted = quote(name);
  await adminQuery(serverUrl, `CREATE DATABASE ${quoted}${options.template ? ` TEMPLATE ${quote(options.template)}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (options.migrate) await migrateDatabase(url.toString());
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`),
  };
}
