import { execFile, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectRoot } from '../../server/config.ts';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '../../server/db/embedded-postgres.ts';
import { createScratchDatabase } from '../support/scratch-database.ts';
import { serverProgram } from '../support/server-program.ts';

const exec = promisify(execFile);

/**
 * Process management for the chaos run: a database of its own, two API processes on it, and the kill -9 /
 * restart cycle. Everything started here is tracked so that run.ts can kill it on any exit path.
 */

export interface ChaosDatabase {
  /** The run's own database. */
  url: string;
  name: string;
  embedded: boolean;
  /** Drops the database (unless kept) and stops the embedded PostgreSQL if we started one. */
  close(keep: boolean): Promise<void>;
}

/**
 * A fresh database on DATABASE_URL's server (CI), else on an embedded PostgreSQL of our own (data dir and port
 * distinct from `npm start`'s and the API tests', so the run never touches theirs).
 */
export async function createDatabase(log: (line: string) => void): Promise<ChaosDatabase> {
  let embedded: RunningEmbeddedPostgres | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(projectRoot, '.data', 'chaos-pg'),
      port: Number(process.env.CHAOS_PG_PORT ?? 54340),
      database: 'postgres',
      log,
    });
    serverUrl = embedded.url;
  }
  const scratch = await createScratchDatabase(serverUrl, 'wallet_chaos');
  return {
    url: scratch.url,
    name: scratch.name,
    embedded: embedded !== undefined,
    async close(keep) {
      if (!keep) await scratch.drop();
      await embedded?.stop();
    },
  };
}

/** A TCP port nobody listens on right now (the kernel's choice), so parallel runs never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Operator commands (migrate, admin CLI) run as operators run them: a child process with the run's env. */
export async function runCli(
  program: 'migrate' | 'admin',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, serverProgram(program, ...args), {
      cwd: projectRoot,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string; message: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? e.message}` };
  }
}

/** A program of the built server as a child, the last 200 lines of its output kept in `tail` (to show with an anomaly). */
function spawnKeepingTail(program: 'main' | 'worker', env: NodeJS.ProcessEnv, tail: string[]): ChildProcess {
  const child = spawn(process.execPath, serverProgram(program), {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) tail.push(line);
    if (tail.length > 200) tail.splice(0, tail.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

/** An operator command in a child process of its own, which the run may kill -9 while it works. */
export interface RunningCli {
  kill(): void;
  done: Promise<{ code: number; output: string; killed: boolean }>;
}

export function startCli(args: string[], env: NodeJS.ProcessEnv): RunningCli {
  const child = spawn(process.execPath, serverProgram('admin', ...args), {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let killed = false;
  const keep = (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const done = new Promise<{ code: number; output: string; killed: boolean }>((resolve) => {
    child.on('exit', (code) => resolve({ code: code ?? -9, output, killed }));
    child.on('error', (error) => resolve({ code: -1, output: `${output}${error.message}`, killed }));
  });
  return {
    kill() {
      if (child.exitCode === null && child.signalCode === null) {
        killed = true;
        child.kill('SIGKILL');
      }
    },
    done,
  };
}

/**
 * The background worker (`npm run worker`: the scheduler, mobile wallet requests, anchoring, ...) as a child process
 * the run kills -9 and starts again. It has no health route: it is up once started.
 */
export class WorkerProcess {
  child: ChildProcess | undefined;
  starts = 0;
  kills = 0;
  private tail: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  start(): void {
    const child = spawnKeepingTail('worker', this.env, this.tail);
    this.child = child;
    this.starts += 1;
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
    });
  }

  get up(): boolean {
    return this.child !== undefined;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  output(): string {
    return this.tail.join('\n');
  }
}

/** One API process (the built server/main.ts) that can be killed -9 and started again on its port. */
export class ApiProcess {
  readonly baseUrl: string;
  child: ChildProcess | undefined;
  up = false;
  starts = 0;
  /** The tail of the output, to show with an anomaly (a 500's stack trace is logged at warn or above). */
  private tail: string[] = [];

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /**
   * Three minutes: on the shared 2-core machine under a load of 20-30, a start compiling the sources through tsx took
   * over a minute; built, it takes seconds, but a healthy process that merely starts slowly is not what this run is
   * about.
   */
  async start(timeoutMs = 180_000): Promise<void> {
    const child = spawnKeepingTail('main', { ...this.env, PORT: String(this.port) }, this.tail);
    this.child = child;
    this.starts += 1;
    child.on('exit', () => {
      if (this.child === child) {
        this.up = false;
        this.child = undefined;
      }
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child !== child) throw new Error(`${this.name} exited during start:\n${this.output()}`);
      const ok = await fetch(`${this.baseUrl}/api/health/`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        this.up = true;
        return;
      }
      await sleep(100);
    }
    throw new Error(`${this.name} not healthy after ${timeoutMs} ms:\n${this.output()}`);
  }

  /** kill -9: no graceful shutdown, in-flight requests and open transactions die with it. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.up = false;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  output(): string {
    return this.tail.join('\n');
  }

  /** Lines that look like server errors (pino JSON at level >= 50, or an uncaught stack). */
  errorLines(): string[] {
    return this.tail.filter((l) => /"level":(5|6)\d/.test(l) || /^\s*at |Error:/.test(l));
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The two processes behind a client-side load balancer. It routes to processes it believes are up (a real
 * balancer health-checks); the client still meets dead ones (killed mid-request) and retries elsewhere.
 */
export class Cluster {
  kills = 0;
  restarts = 0;
  /** Moments the API processes' database sessions were all terminated, and how many sessions that ended. */
  terminations = 0;
  terminatedBackends = 0;

  constructor(readonly nodes: ApiProcess[]) {}

  pick(random: () => number): ApiProcess {
    const live = this.nodes.filter((n) => n.up);
    const pool = live.length > 0 ? live : this.nodes;
    return pool[Math.floor(random() * pool.length)] ?? (this.nodes[0] as ApiProcess);
  }

  /**
   * kill -9 one process at random moments, then restart it, until `stopAt`. Only ever one down at a time: the
   * point is a crash beside a live peer, not an outage. Restarts take a few seconds (loading the built server, the migrations check).
   */
  async monkey(random: () => number, stopAt: number, log: (line: string) => void): Promise<void> {
    while (Date.now() < stopAt) {
      await sleep(500 + random() * 2500);
      if (Date.now() >= stopAt) break;
      if (!this.nodes.every((n) => n.up)) continue;
      const victim = this.nodes[Math.floor(random() * this.nodes.length)];
      if (!victim) continue;
      await victim.kill();
      this.kills += 1;
      log(`kill -9 ${victim.name}`);
      await sleep(200 + random() * 1500);
      await victim.start();
      this.restarts += 1;
      log(`restarted ${victim.name}`);
    }
  }

  /**
   * pg_terminate_backend on every session of the API processes (their DB_APPLICATION_NAME) at random moments until
   * `stopAt`, as a database restart or a failover does: requests holding a connection get a 503 and are
   * retried, transactions in flight roll back, the processes must stay up. Sessions of operator commands and of
   * the checks are left alone.
   */
  async backendMonkey(
    random: () => number,
    stopAt: number,
    databaseUrl: string,
    applicationName: string,
    log: (line: string) => void,
  ): Promise<void> {
    const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'chaos-backend-monkey' });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      while (Date.now() < stopAt) {
        await sleep(700 + random() * 2800);
        if (Date.now() >= stopAt) break;
        const { rows } = await admin.query<{ ended: string }>(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS ended FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
          [applicationName],
        );
        const ended = Number(rows[0]?.ended ?? 0);
        this.terminations += 1;
        this.terminatedBackends += ended;
        log(`pg_terminate_backend: ${ended} sessions of the API processes`);
      }
    } finally {
      await admin.end().catch(() => undefined);
    }
  }

  async killAll(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.kill()));
  }
}
