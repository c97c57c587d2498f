import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { projectRoot } from '../server/config.ts';

/** The PostgreSQL the benchmarks measure: DATABASE_URL, else the machine's own on 5432. */
export const benchServerUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database next to benchServerUrl's, dropped (even with open connections) by `drop()`. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { name, url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** `npm run admin -- seed:demo` on a database (rates, agencies, tellers): what a fresh install needs to serve. */
export function seedDemo(url: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'seed:demo'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
