import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { serviceDeps } from '../../app.ts';
import { startDatabaseClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { exportDeposits, importReport } from '../../modules/transfers/methods/bank-deposit/payment-files.ts';
import type { AdminCommand, AdminContext } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

async function withDeps<T>(context: AdminContext, work: (deps: ReturnType<typeof serviceDeps>) => Promise<T>) {
  const clock = await startDatabaseClock(context.db);
  try {
    return await work(serviceDeps({ config: context.config ?? loadConfig(), db: context.db, clock }));
  } finally {
    clock.stop();
  }
}

/**
 * `payouts:export --out FILE`: every bank deposit not in a file yet, as one pain.001.001.09 (ADR 023), the deposits
 * marked `submitted` in the same database transaction. The file is written beside FILE (FILE.part) inside that
 * transaction and renamed into place only after it commits: a file under its final name always holds deposits that
 * are marked, so none can be sent to the bank twice; a process killed after the commit leaves FILE.part with the
 * recorded file's exact content, and one killed before it leaves FILE.part and nothing marked.
 */
const exportUsage = 'payouts:export --out FILE';
export const payoutsExportCommand: AdminCommand = {
  name: 'payouts:export',
  usage: exportUsage,
  summary: 'write every bank deposit not yet exported into one pain.001 payment file, marked submitted',
  async run(context) {
    return withUsage(exportUsage, context.out, async () => {
      const { out: path } = parseFlags(context.args, ['out']);
      let committed = false;
      try {
        const done = await withDeps(context, (deps) =>
          exportDeposits(deps, async (xml) => {
            await writeFile(`${path}.part`, xml, { flag: 'wx' });
          }),
        );
        if (done === null) {
          context.out('Nothing to send: no bank deposit waits for a file. No file written.');
          return 0;
        }
        committed = true;
        await rename(`${path}.part`, path);
        context.out(`${path}: ${done.deposits} deposit(s), message id ${done.messageId}.`);
        return 0;
      } catch (error) {
        // Before the commit nothing is marked: the partial file goes. After it, FILE.part is the only copy of a file
        // whose deposits are submitted: it stays for the operator.
        if (!committed) await rm(`${path}.part`, { force: true });
        throw error;
      }
    });
  },
};

/** `payouts:import FILE`: the bank's pain.002 status report (version 10 or 3) applied once. */
const importUsage = 'payouts:import FILE';
export const payoutsImportCommand: AdminCommand = {
  name: 'payouts:import',
  usage: importUsage,
  summary: "apply the bank's pain.002 status report: settled deposits complete, rejected ones return to the sender",
  async run(context) {
    return withUsage(importUsage, context.out, async () => {
      const [path, ...rest] = context.args;
      if (path === undefined || path.startsWith('--') || rest.length > 0) throw new UsageError('Give the report file');
      const xml = await readFile(path, 'utf8');
      const done = await withDeps(context, (deps) => importReport(deps, xml));
      context.out(`${done.completed} completed, ${done.returned} returned, ${done.unchanged} unchanged.`);
      return 0;
    });
  },
};
