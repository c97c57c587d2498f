import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Who a pid is. A pid in a lock file outlives its process: after a reboot or a crash the number may belong to any
 * other program. These checks tell "the process that wrote it still runs" from "the number was reused".
 */

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's start time in clock ticks since boot (Linux /proc), or undefined where it cannot be read. */
export async function processStartTime(pid: number): Promise<string | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19]; // field 22 of the whole line
}

/** The process's arguments, or undefined where /proc is not there (then callers fall back to "alive"). */
async function commandLine(pid: number): Promise<string[] | undefined> {
  const text = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return text === undefined ? undefined : text.split('\0').filter(Boolean);
}

/** What we write in a lock file: our pid and our start time, so a reused pid is not taken for us. */
export async function lockContent(pid = process.pid): Promise<string> {
  const started = await processStartTime(pid);
  return started === undefined ? String(pid) : `${pid} ${started}`;
}

/** The live process a lock file names, or undefined when it is gone or its pid now belongs to another process. */
export async function liveLockOwner(content: string): Promise<number | undefined> {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  if (started !== undefined) {
    const now = await processStartTime(pid);
    return now === undefined || now === started ? pid : undefined;
  }
  // A lock from before start times were recorded: only a Node process can be one of our servers.
  const args = await commandLine(pid);
  return args === undefined || path.basename(args[0] ?? '').startsWith('node') ? pid : undefined;
}

/** True when `pid` is a PostgreSQL server running on `dataDir` (pg_ctl starts it as `postgres -D <dir> …`). */
export async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const args = await commandLine(pid);
  if (args === undefined) return true;
  const dir = args[args.indexOf('-D') + 1];
  return (
    path.basename(args[0] ?? '') === 'postgres' &&
    args.includes('-D') &&
    dir !== undefined &&
    path.resolve(dir) === dataDir
  );
}
