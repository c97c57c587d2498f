import { execFileSync } from 'node:child_process';
import { projectRoot } from '../server/config.ts';
import { createScratchDatabase as createScratch, type ScratchDatabase } from '../tests/support/scratch-database.ts';

/** The PostgreSQL the benchmarks measure: DATABASE_URL, else the machine's own on 5432. */
export const benchServerUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type { ScratchDatabase } from '../tests/support/scratch-database.ts';

/** A fresh database next to benchServerUrl's, dropped (even with open connections) by `drop()`. */
export function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  return createScratch(benchServerUrl, prefix);
}

/** `npm run admin -- seed:demo` on a database (rates, agencies, tellers): what a fresh install needs to serve. */
export function seedDemo(url: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', 'seed:demo'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
