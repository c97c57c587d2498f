import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { money } from '../../../../../common/money/money.ts';
import { controlSum, writePain001, type CreditTransferFile } from '../../../../adapters/payout-partner/pain001.ts';
import { readPain002 } from '../../../../adapters/payout-partner/pain002.ts';
import type { Database } from '../../../../db/schema.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import { recordAudit } from '../../../audit/audit.service.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { lockTransaction } from '../../transactions.repository.ts';
import { completePayout, giveBackPayout } from '../payout-method.ts';
import { bankDeposit } from './bank-deposit.ts';
import { arrivalOf } from './bank-partner.ts';

const cli = { userId: null, role: 'cli', requestId: null, ip: null } as const;

/** Our end-to-end id of a deposit: the bank's report quotes it back. */
export const endToEndIdOf = (transactionId: string) => `SILA-${transactionId}`;
const transactionIdOf = (endToEndId: string) => /^SILA-([1-9]\d{0,18})$/.exec(endToEndId)?.[1];

/**
 * Every bank deposit not in a file yet, as one pain.001, in one database transaction: the deposits are locked,
 * joined to the file's row and `submitted` before the file's text is handed back, so a deposit is never in two
 * files; `write` runs inside that transaction (a failure to write rolls the marking back). Nothing to send: null,
 * nothing written.
 */
export async function exportDeposits(
  deps: Pick<ServiceDeps, 'db' | 'config' | 'clock'>,
  write: (xml: string) => Promise<void>,
): Promise<{ messageId: string; deposits: number } | null> {
  return withTransaction(deps.db, async (tx) => {
    const rows = await tx
      .selectFrom('payouts as p')
      .innerJoin('transactions as t', 't.id', 'p.transaction_id')
      .select(['t.id', 't.amount', 'p.rib', 'p.holder_name'])
      .where('p.file_id', 'is', null)
      .where('p.method', '=', 'bank_deposit')
      .where('t.status', '=', 'processing')
      .orderBy('t.id')
      .forUpdate('t')
      .skipLocked()
      .execute();
    if (rows.length === 0) return null;
    const now = deps.clock.now();
    const deposits = rows.map((r) => ({
      endToEndId: endToEndIdOf(r.id),
      amount: money('MAD', BigInt(r.amount)),
      creditorName: r.holder_name,
      rib: r.rib ?? '',
    }));
    const file: CreditTransferFile = {
      messageId: `SILA-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('hex')}`,
      createdAt: now,
      executionDate: arrivalOf(deps, now).executionDate,
      debtor: {
        name: deps.config.PAYOUT_DEBTOR_NAME,
        rib: deps.config.PAYOUT_DEBTOR_RIB,
        bic: deps.config.PAYOUT_DEBTOR_BIC,
      },
      deposits,
    };
    const xml = writePain001(file);
    const saved = await tx
      .insertInto('payout_files')
      .values({ message_id: file.messageId, deposits: deposits.length, control_sum_minor: controlSum(deposits).minor })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = rows.map((r) => r.id);
    await tx.updateTable('payouts').set({ file_id: saved.id }).where('transaction_id', 'in', ids).execute();
    await tx.updateTable('transactions').set({ status: 'submitted' }).where('id', 'in', ids).execute();
    await recordAudit(
      tx,
      cli,
      {
        action: 'payouts.export',
        targetType: 'payout_file',
        targetId: saved.id,
        after: { message_id: file.messageId, transactions: ids },
      },
      now,
    );
    await write(xml);
    return { messageId: file.messageId, deposits: deposits.length };
  });
}

export interface ImportOutcome {
  completed: number;
  returned: number;
  /** Lines already applied by an earlier import, pending at the bank, or for a deposit we do not know. */
  unchanged: number;
}

/**
 * A bank's pain.002 status report applied: an accepted or settled deposit completes, a rejected one goes back to
 * its sender with the bank's reason code; each under its row lock and only from `submitted`, so a report imported
 * twice (or two imports racing) changes nothing the second time. A file rejected whole returns each of its
 * deposits. One database transaction for the whole report, with its audit line.
 */
export async function importReport(deps: ServiceDeps, xml: string): Promise<ImportOutcome> {
  const report = readPain002(xml);
  return withTransaction(deps.db, async (tx) => {
    const outcome: ImportOutcome = { completed: 0, returned: 0, unchanged: 0 };
    const lines =
      report.transactions.length > 0 || report.groupStatus === undefined
        ? report.transactions
        : (await depositsOfFile(tx, report.originalMessageId)).map((id) => ({
            endToEndId: endToEndIdOf(id),
            status: report.groupStatus ?? 'pending',
            reason: report.groupReason,
          }));
    for (const line of lines) {
      const id = transactionIdOf(line.endToEndId);
      const row = id === undefined ? undefined : await lockTransaction(tx, id);
      // A bank's report settles bank deposits only: a line naming another payout (a mobile wallet's) moves nothing.
      const method =
        row === undefined
          ? undefined
          : (await tx.selectFrom('payouts').select('method').where('transaction_id', '=', row.id).executeTakeFirst())
              ?.method;
      if (
        !row ||
        method !== 'bank_deposit' ||
        row.kind !== 'payout' ||
        row.status !== 'submitted' ||
        row.sender_user_id === null ||
        line.status === 'pending'
      ) {
        outcome.unchanged += 1;
        continue;
      }
      const payout = { id: row.id, senderUserId: row.sender_user_id, amount: money('MAD', BigInt(row.amount)) };
      if (line.status === 'rejected') {
        await giveBackPayout(tx, bankDeposit, payout, line.reason ?? 'NARR');
        outcome.returned += 1;
      } else {
        await completePayout(tx, bankDeposit, payout);
        outcome.completed += 1;
      }
    }
    await recordAudit(
      tx,
      cli,
      {
        action: 'payouts.import',
        targetType: 'payout_file',
        targetId: report.originalMessageId,
        after: { report: report.messageId, ...outcome },
      },
      deps.clock.now(),
    );
    return outcome;
  });
}

async function depositsOfFile(db: Kysely<Database>, messageId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payouts as p')
    .innerJoin('payout_files as f', 'f.id', 'p.file_id')
    .select(sql<string>`p.transaction_id::text`.as('id'))
    .where('f.message_id', '=', messageId)
    .execute();
  return rows.map((r) => r.id);
}
