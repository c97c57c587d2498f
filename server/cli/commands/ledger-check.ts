import { formatAmount, isCurrency, money } from '../../../common/money/money.ts';
import { checkLedger, type LedgerCheckReport } from '../../ledger/ledger-check.ts';
import type { AdminCommand } from '../admin-command.ts';

/** The ledger's totals per account kind, one line each (also what backup and restore print, to compare). */
export function totalsLines(report: LedgerCheckReport): string[] {
  return report.totals.map((t) => {
    const amount = isCurrency(t.currency) ? formatAmount(money(t.currency, BigInt(t.balance))) : t.balance;
    return `  ${t.currency} ${t.kind.padEnd(22)} ${String(t.accounts).padStart(8)} accounts ${amount.padStart(20)}`;
  });
}

export const ledgerCheckCommand: AdminCommand = {
  name: 'ledger:check',
  usage: 'ledger:check',
  summary: 'verify the ledger (entries balance, balances = postings, no negative wallet); non-zero exit on a break',
  async run({ db, out }) {
    const report = await checkLedger(db);
    out(`${report.entries} entries, ${report.postings} postings`);
    out('Totals per account kind:');
    for (const line of totalsLines(report)) out(line);
    if (report.problems.length === 0) {
      out('Ledger OK');
      return 0;
    }
    out(`Ledger BROKEN: ${report.problems.length} problem(s)`);
    for (const problem of report.problems) out(`  - ${problem}`);
    return 1;
  },
};
