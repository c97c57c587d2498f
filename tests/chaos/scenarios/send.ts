import type { Journal, MoneyOp } from '../journal.ts';
import type { WalletBook } from '../books.ts';
import { big, type Fail, type Scenario } from '../world.ts';
import { moveMoney, rememberWaiting } from './money-move.ts';

/**
 * Sends to another customer (completed at once) and to a person without an account yet (unclaimed until they
 * register, or back to the sender on cancel or expiry). The client knows whom it paid: the contact it picked.
 */

const isSend = (op: MoneyOp) => op.kind === 'send' || op.kind === 'send-unregistered';

export const cancelledByClient = (journal: Journal): Set<number> =>
  new Set(journal.cancels.filter((c) => c.result === 'ok').map((c) => c.txId));

function bookSends(journal: Journal, book: WalletBook, fail: Fail): void {
  const cancelled = cancelledByClient(journal);
  for (const op of journal.money.filter(isSend)) {
    if (op.result === 'refused') continue;
    const recipient = journal.userIdByEmail.get(op.recipient);
    if (op.result === 'ok' && op.txStatus === 'completed') {
      // Delivered at once: the recipient had an account, and a completed transfer cannot be cancelled.
      book.exact(op.userId, -op.amountMinor);
      if (recipient !== undefined) book.exact(recipient, op.amountMinor);
      else fail('send-recipient', `transfer ${op.txId} completed to ${op.recipient}, who has no account`);
    } else if (op.result === 'ok' && op.txId !== undefined && cancelled.has(op.txId)) {
      // Cancelled (or expired) by the client's acknowledged cancel: the money came back.
    } else {
      // Unanswered, or unclaimed: it may have been made, claimed (if they registered), come back on expiry.
      book.maybe(op.userId, -op.amountMinor);
      if (recipient !== undefined) book.maybe(recipient, op.amountMinor);
    }
  }
}

export const sendScenario: Scenario = {
  name: 'send',
  step: {
    weight: 0.3,
    run: async (world, c, state) =>
      rememberWaiting(await moveMoney(world, c, 'send', c.registered, state.balance), state.waiting),
  },
  book: bookSends,

  /**
   * Every transfer the client asked for went to the contact it picked, and to that contact's person: the row's
   * contact and recipient are the client's (found by the id it was given, or by its key when unanswered).
   */
  async check({ q, journal, fail }) {
    const rows = new Map(
      (
        await q(`SELECT t.id, t.status, t.contact_id, t.recipient_user_id, k.scope, k.key
                   FROM transactions t
                   LEFT JOIN idempotency_keys k ON k.scope LIKE 'transactions:user:%' AND k.response_body->>'id' = t.id::text
                  WHERE t.kind = 'transfer'`)
      ).map((r) => [`${String(r.scope)} ${String(r.key)}`, r]),
    );
    for (const op of journal.money.filter(isSend)) {
      const row = rows.get(`transactions:user:${op.userId} ${op.key}`);
      if (!row) continue; // absent when it was not made: the exactly-once check owns acknowledged ones
      const expected = journal.userIdByEmail.get(op.recipient);
      const actual = row.recipient_user_id === null ? undefined : String(big(row.recipient_user_id));
      const credited = row.status === 'completed' || row.status === 'claimed';
      if (
        big(row.contact_id) !== BigInt(op.contact) ||
        (actual !== undefined && actual !== expected) ||
        (credited && actual === undefined)
      ) {
        fail(
          'send-recipient',
          `transfer ${String(row.id)} to contact ${op.contact} (${op.recipient}, user ${expected ?? 'none yet'}): ` +
            `row contact ${String(row.contact_id)}, recipient ${actual ?? 'none'}, ${String(row.status)}`,
        );
      }
      if (op.result === 'ok' && op.txStatus === 'completed' && row.status !== 'completed') {
        fail('send-acknowledged', `transfer ${String(row.id)} acknowledged completed is ${String(row.status)}`);
      }
    }
  },
  acknowledged: (journal) => journal.money.filter((op) => isSend(op) && op.result === 'ok').length,
};

export const sendUnregisteredScenario: Scenario = {
  name: 'send-unregistered',
  step: {
    weight: 0.13,
    run: async (world, c, state) =>
      rememberWaiting(await moveMoney(world, c, 'send-unregistered', c.ghosts, state.balance), state.waiting),
  },
};
