import { BackupError } from '../../db/postgres-tools.ts';
import { backupDatabase, restoreDatabase } from '../backup/backup.ts';
import type { LedgerCheckReport } from '../../ledger/ledger-check.ts';
import type { AdminCommand } from '../admin-command.ts';
import { UsageError, parseFlags, withUsage } from '../flags.ts';
import { totalsLines } from './ledger-check.ts';

/** The figures an operator compares between a backup and its restore: they must be the same lines. */
function ledgerLines(report: LedgerCheckReport): string[] {
  return [`ledger: ${report.entries} entries, ${report.postings} postings`, ...totalsLines(report)];
}

/** A BackupError is the operator's to fix (no client, a file in the way): its message, exit 1, no stack. */
async function reporting(out: (line: string) => void, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    out(error.message);
    return 1;
  }
}

const backupUsage = 'backup FILE';
export const backupCommand: AdminCommand = {
  name: 'backup',
  usage: backupUsage,
  summary: 'a consistent pg_dump (custom format) of the database into FILE, with the ledger figures as of it',
  run: ({ args, databaseUrl, out }) =>
    withUsage(backupUsage, out, () =>
      reporting(out, async () => {
        const [file, ...rest] = args;
        if (!file || file.startsWith('--') || rest.length > 0) throw new UsageError('Give one file name.');
        if (!databaseUrl) throw new BackupError('No database to back up.');
        const started = performance.now();
        const report = await backupDatabase(databaseUrl, file);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        out(`backup ${report.file}: ${report.bytes} bytes in ${seconds} s`);
        for (const line of ledgerLines(report.ledger)) out(line);
        return report.ledger.problems.length === 0 ? 0 : 1;
      }),
    ),
};

const restoreUsage = 'restore FILE --database URL';
export const restoreCommand: AdminCommand = {
  name: 'restore',
  usage: restoreUsage,
  summary: 'restores a backup into an empty database (all or nothing), then checks its ledger',
  run: ({ args, out }) =>
    withUsage(restoreUsage, out, () =>
      reporting(out, async () => {
        const [file, ...flags] = args;
        if (!file || file.startsWith('--')) throw new UsageError('Give the backup file first.');
        const { database } = parseFlags(flags, ['database']);
        const started = performance.now();
        const report = await restoreDatabase(file, database);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        out(`restored ${file} in ${seconds} s`);
        for (const line of ledgerLines(report)) out(line);
        if (report.problems.length === 0) {
          out('Ledger OK');
          return 0;
        }
        out(`Ledger BROKEN: ${report.problems.length} problem(s)`);
        for (const problem of report.problems) out(`  - ${problem}`);
        return 1;
      }),
    ),
};
