import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../server/config.ts';

/**
 * The HTTP port of one bench's server: BENCH_PORT_BASE (default 3900) + offset, so several checkouts on one machine
 * can run benches side by side (each picks its own base).
 */
export function benchPort(offset: number): number {
  return Number(process.env.BENCH_PORT_BASE ?? 3900) + offset;
}

export interface BenchServer {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawning `npm start`'s script to the first 200 on /api/health/. */
  msToHealthy: number;
  stop(): Promise<void>;
}

/** The servers' log level in the benches: npm start's own default unless BENCH_LOG_LEVEL says otherwise. */
export const benchLogLevel = process.env.BENCH_LOG_LEVEL ?? 'info';

export interface BenchServerOptions {
  /** Extra environment (e.g. DATABASE_URL for an external PostgreSQL instead of the embedded one). */
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** A file for the server's output (default: discarded). */
  logFile?: string;
  /** Each piece of the server's output as it comes (not with `logFile`). */
  onOutput?: (text: string) => void;
}

/**
 * Runs `node scripts/start.mjs` (what `npm start` runs; the server lives in that very process, so `child.pid` is
 * the server's) on its own embedded data dir, unless `options.env` names a DATABASE_URL, and waits for health.
 */
export async function startBenchServer(
  port: number,
  dataDir = '.data/bench-pg',
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const started = performance.now();
  // A fresh clone has no .data/ yet: the log file's folder is made here, not assumed.
  if (options.logFile) mkdirSync(path.dirname(options.logFile), { recursive: true });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(projectRoot, 'scripts', 'start.mjs')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: '',
      EMBEDDED_PG_DIR: dataDir,
      EMBEDDED_PG_PORT: String(54_400 + (port % 100)),
      // The clients sign in through the dev outbox and pay in the sandbox, as under `npm start`.
      EXPOSE_DEV_ROUTES: 'true',
      // npm start's default logging (the figures are taken with the app as npm start runs it, a line per
      // request and per answer at 'info'); BENCH_LOG_LEVEL=warn measures without it.
      LOG_LEVEL: benchLogLevel,
      ...options.env,
    },
    stdio: options.logFile
      ? ['ignore', openSync(options.logFile, 'w'), openSync(options.logFile, 'a')]
      : ['ignore', 'pipe', 'pipe'],
  });
  // The last lines of the server's output, for the error when it does not start (port taken, data dir in use…).
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-2000);
    options.onOutput?.(chunk.toString('utf8'));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${tail}`);
    const ok = await fetch(`${baseUrl}/api/health/`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error('server not healthy after 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const msToHealthy = performance.now() - started;
  return {
    child,
    baseUrl,
    msToHealthy,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Resident memory and CPU time (user + system, ms) of a process and its descendants (the cluster), from /proc. The
 * receipt mails' process (`worker.ts --receipts`, forked by `npm start` at nice 19) is counted apart, as
 * `receiptsCpuMs`: its PDFs are deferred work off the response path, which the server's figure per request leaves out.
 */
export function processStats(pid: number): { rssMb: number; cpuMs: number; receiptsCpuMs: number } {
  let rssMb = 0;
  let cpuMs = 0;
  let receiptsCpuMs = 0;
  const visit = (p: number, receipts: boolean) => {
    try {
      const mine = receipts || readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes('--receipts');
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      if (!mine) rssMb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      const used = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime (fields 14 and 15 of stat)
      if (mine) receiptsCpuMs += used;
      else cpuMs += used;
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').split(' ').filter(Boolean))
        visit(Number(child), mine);
    } catch {
      // a process that just ended
    }
  };
  visit(pid, false);
  return { rssMb, cpuMs, receiptsCpuMs };
}

/**
 * CPU time of the PostgreSQL backends serving one database, by pid (a backend's process title, which
 * /proc/PID/cmdline shows, is "postgres: USER DATABASE HOST(PORT) STATE"). Only a PostgreSQL on this machine.
 * Diff two readings with databaseCpuSince: the database's own work per operation, which, unlike a rate, does not
 * depend on what else the machine is running.
 */
export function databaseBackendsCpu(database: string, precise = false): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.split(' ').includes(database)) continue;
      if (precise) {
        // schedstat's first field: nanoseconds on a CPU, counted by the scheduler at every switch, where stat's
        // utime and stime are 10 ms ticks charged to whoever runs at the tick (coarse, and skewed under load).
        cpu.set(Number(entry), Number(readFileSync(`/proc/${entry}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
        continue;
      }
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      cpu.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // a process that just ended
    }
  }
  return cpu;
}

/**
 * CPU milliseconds the database's backends used since `before` (backends started since count from zero), less the
 * backends of `exclude` (e.g. the bench's own polling connection).
 */
export function databaseCpuSince(
  database: string,
  before: Map<number, number>,
  precise = false,
  exclude: readonly number[] = [],
): number {
  let total = 0;
  for (const [pid, ms] of databaseBackendsCpu(database, precise))
    if (!exclude.includes(pid)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/**
 * Stops servers an A/B bench started side by side: closes each client's sockets, sends SIGTERM, and waits until every
 * process has exited (their CPU profiles are written on exit, and a database is dropped only once nobody is connected).
 */
export async function stopServers(
  servers: Iterable<{ child: ChildProcess; client: { close(): void } }>,
): Promise<void> {
  const all = [...servers];
  for (const { child, client } of all) {
    client.close();
    child.kill('SIGTERM');
  }
  await Promise.all(
    all.map(
      ({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
    ),
  );
}
