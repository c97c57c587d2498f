import pg from 'pg';
import { sleep, startCli, WorkerProcess } from './cluster.ts';
import type { OperatorRunOp } from './journal.ts';
import type { Rng } from './rng.ts';
import type { World } from './world.ts';

/**
 * What the operator runs beside the API processes: admin commands in child processes that the run kills -9 now
 * and then, the background worker (killed and restarted too), and a database connection of the operator's own
 * (the partners the run plays read what they were sent from it). During the drain, commands run in the run's own
 * process instead (no start-up of a child): the same code as the command line, without its process.
 */

let pool: pg.Pool | undefined;

/** The operator's (and the partners') own connection, never terminated by the backend monkey. */
export function operatorDb(world: World): pg.Pool {
  if (!pool) {
    pool = new pg.Pool({
      connectionString: world.operatorEnv?.DATABASE_URL,
      application_name: 'chaos-operator',
      max: 2,
    });
    pool.on('error', () => undefined);
  }
  return pool;
}

export async function closeOperatorDb(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.end().catch(() => undefined);
}

/**
 * `npm run admin -- <args>` as the operator runs it: now and then (`spawnChance`) in a child process of its own,
 * killed -9 after a random moment of its work with `killChance`; otherwise in the run's own process (the same code
 * as the command line, without the start-up of a child: on a loaded 2-core machine every start-up slows the
 * workload down). Journalled whatever happened.
 */
export async function runOperator(
  world: World,
  rng: Rng,
  args: string[],
  { spawnChance, killChance }: { spawnChance: number; killChance: number },
): Promise<OperatorRunOp> {
  if (!rng.chance(spawnChance)) return runOperatorHere(world, args);
  const env = world.operatorEnv ?? process.env;
  const running = startCli(args, env);
  const timer = rng.chance(killChance) ? setTimeout(() => running.kill(), 300 + rng.int(3000)) : undefined;
  const done = await running.done;
  clearTimeout(timer);
  const op: OperatorRunOp = {
    command: args.join(' '),
    code: done.code,
    killed: done.killed,
    inProcess: false,
    output: done.output.trim().slice(-300),
  };
  world.journal.operatorRuns.push(op);
  return op;
}

type RunAdmin = (argv: string[], io: { config?: unknown; out?: (line: string) => void }) => Promise<number>;
let inProcess: Promise<{ runAdmin: RunAdmin; loadConfig: (env: NodeJS.ProcessEnv) => unknown }> | undefined;

/**
 * Loads the admin commands into this process (the server's modules take a few seconds to load under tsx): started
 * early, while the run sets up, so the drain does not wait for it.
 */
export function preloadAdmin(): void {
  inProcess ??= Promise.all([import('../../server/cli/run-admin.ts'), import('../../server/config.ts')]).then(
    ([admin, config]) => ({ runAdmin: admin.runAdmin as RunAdmin, loadConfig: config.loadConfig }),
  );
}

/** An admin command in this process: the command line's code, on the run's database. */
export async function runOperatorHere(world: World, args: string[]): Promise<OperatorRunOp> {
  preloadAdmin();
  const { runAdmin, loadConfig } = await (inProcess as NonNullable<typeof inProcess>);
  const lines: string[] = [];
  let code: number;
  try {
    code = await runAdmin(args, {
      config: loadConfig(world.operatorEnv ?? process.env),
      out: (line) => lines.push(line),
    });
  } catch (error) {
    code = 1;
    lines.push(error instanceof Error ? error.message : String(error));
  }
  const op: OperatorRunOp = {
    command: args.join(' '),
    code,
    killed: false,
    inProcess: true,
    output: lines.join('\n').slice(-300),
  };
  world.journal.operatorRuns.push(op);
  return op;
}

let worker: WorkerProcess | undefined;

/**
 * The background worker (`npm run worker`), killed -9 at random moments and started again until `stopAt`: each
 * start runs a scheduler pass at once, and its mobile wallet requests and their sandbox callbacks die with it.
 * Its database sessions carry the API processes' name, so the backend monkey ends them too.
 */
export async function workerMonkey(world: World, rng: Rng, env: NodeJS.ProcessEnv) {
  worker = new WorkerProcess(env);
  worker.start();
  while (Date.now() < world.stopAt) {
    await sleep(5000 + rng.int(7000));
    if (Date.now() >= world.stopAt || !worker.up) break;
    await worker.kill();
    worker.kills += 1;
    world.log?.('kill -9 worker');
    await sleep(200 + rng.int(1500));
    worker.start();
  }
}

/** The worker up (the drain's requests and scheduler pass need one). */
export function workerUp(): void {
  if (worker && !worker.up) worker.start();
}

export function workerStats(): { starts: number; kills: number } {
  return { starts: worker?.starts ?? 0, kills: worker?.kills ?? 0 };
}

export async function stopWorker(): Promise<void> {
  await worker?.kill();
}
