import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { childExecArgv, entryPointFile } from './runtime-layout.ts';

/**
 * The receipt mails' process under `npm start` ("the receipt also goes by e-mail ... when a send or top-up
 * completes"). Rendering a PDF costs milliseconds of CPU, so it never runs in an API process (receipt-mail.worker.ts);
 * before this, only `npm run worker` mailed receipts, and on the embedded default nobody ran one: the receipts
 * waited in their outbox for ever. `npm start` (the lone server, or the cluster's primary) now forks
 * `server/worker.ts --receipts` beside its API processes, whenever the workers run in-process (CHAIN_WORKER).
 *
 * At the lowest CPU priority (nice 19): on a machine busy with requests it takes only the CPU they leave, so a burst
 * of sends is not slowed by its own receipts; the outbox holds them (nothing is lost) and the process catches up
 * when the burst ends. It ends on its own when its parent dies (the IPC channel closes), so a kill -9 of `npm start`
 * leaves no orphan polling the database. One that dies is restarted, with a growing delay.
 */
export interface ReceiptMailProcess {
  /** SIGTERM, then waits for its pass in flight to end (SIGKILL past `limitMs`). */
  stop(limitMs: number): Promise<void>;
}

const lowestPriority = 19;
const firstRestartDelayMs = 1_000;
const longestRestartDelayMs = 60_000;

export function startReceiptMailProcess(options: {
  /** What the child needs beyond this process's environment (the embedded database's URL). */
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}): ReceiptMailProcess {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartDelayMs = firstRestartDelayMs;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = performance.now();
    const current = fork(entryPointFile('worker'), ['--receipts'], {
      env: { ...process.env, ...options.env },
      // Its own session, hence its own scheduling group under Linux's autogroup (on by default): nice only ranks
      // processes within one group, and in ours the PDFs, idle-priority beside the API processes, still took the
      // group's full share against PostgreSQL's group while the API waited on the database (the send bench lost
      // 8-34 % of its rate). Its group is then niced too, so it gets only what nothing else wants.
      detached: true,
      execArgv: childExecArgv(),
    });
    child = current;
    if (current.pid !== undefined) {
      try {
        os.setPriority(current.pid, lowestPriority);
        writeFileSync(`/proc/${current.pid}/autogroup`, String(lowestPriority));
      } catch {
        // Not permitted, or not Linux: what could be set is, and it still runs apart from the API.
      }
    }
    current.on('exit', (code, signal) => {
      if (child === current) child = undefined;
      if (stopping) return;
      // A process that ran a while gets a quick restart; one that keeps dying at start waits longer each time.
      restartDelayMs = performance.now() - startedAt > longestRestartDelayMs ? firstRestartDelayMs : restartDelayMs;
      options.log(
        `receipt mails process (pid ${current.pid}) died (${signal ?? `code ${code}`}): restarting it in ${restartDelayMs / 1000} s`,
      );
      restartTimer = setTimeout(start, restartDelayMs);
      restartDelayMs = Math.min(restartDelayMs * 2, longestRestartDelayMs);
    });
  };
  start();
  options.log(`receipt mails process (pid ${child?.pid}) started at the lowest CPU priority`);

  return {
    async stop(limitMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill('SIGTERM');
      const killer = setTimeout(() => current.kill('SIGKILL'), limitMs);
      await exited;
      clearTimeout(killer);
    },
  };
}
