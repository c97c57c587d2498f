import { describe, expect, it } from 'vitest';
import { parseRib } from '../../common/banking/rib.ts';
import { readPain002 } from '../../server/adapters/payout-partner/pain002.ts';
import { newJournal, type PaymentFileOp } from './journal.ts';
import { bankReports, randomRib } from './partner-bank.ts';
import { Rng } from './rng.ts';

/** The partner bank the chaos run plays: its reports must read as the app reads a bank's, and say what it decided. */
describe('the chaos run’s partner bank', () => {
  const file = (n: number, from = 1): PaymentFileOp => ({
    name: 'sila-001.xml',
    messageId: 'SILA-20261130-abc',
    deposits: Array.from({ length: n }, (_, i) => from + i),
  });
  const undecidedOf = (of: PaymentFileOp) => new Map(of.deposits.map((id) => [id, of]));

  it('decides every deposit in a final report, each line read back as the fate it journalled', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const journal = newJournal();
      const of = file(12);
      const undecided = undecidedOf(of);
      const [report, ...more] = bankReports(journal, new Rng(seed), undecided, true);
      expect(more).toEqual([]);
      expect(undecided.size).toBe(0);
      const read = readPain002(report?.xml ?? '');
      expect(read.messageId).toBe(report?.messageId);
      expect(read.originalMessageId).toBe(of.messageId);
      for (const id of of.deposits) {
        const fate = journal.bankFates.get(id);
        const line = read.transactions.find((t) => t.endToEndId === `SILA-${id}`);
        // A file rejected whole has no lines: its group status says it for every deposit.
        const status = line?.status ?? read.groupStatus;
        expect(status, `seed ${seed} deposit ${id}`).toBe(fate);
        if (fate === 'rejected') expect(line?.reason ?? read.groupReason).toBe(journal.bankReasons.get(id));
      }
    }
  });

  it('leaves the deposits it reports pending undecided, for a later report', () => {
    let pendingInAll = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const journal = newJournal();
      const undecided = undecidedOf(file(40));
      let pending = 0;
      for (const { xml } of bankReports(journal, new Rng(seed), undecided, false))
        pending += readPain002(xml).transactions.filter((t) => t.status === 'pending').length;
      expect(undecided.size).toBe(pending);
      for (const id of undecided.keys()) expect(journal.bankFates.has(id)).toBe(false);
      pendingInAll += pending;
    }
    expect(pendingInAll).toBeGreaterThan(0);
  });

  it('writes RIBs the app takes', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 50; i++) expect(parseRib(randomRib(rng)).ok).toBe(true);
  });
});
