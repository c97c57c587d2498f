import type { Transaction } from 'kysely';
import type { Contact } from '../../../../common/api/contacts.ts';
import type { Delivery } from '../../../../common/api/transactions.ts';
import type { Money } from '../../../../common/money/money.ts';
import type { Database } from '../../../db/schema.ts';
import type { ServiceDeps } from '../../service-deps.ts';

/**
 * One way money reaches a person, as the lifecycle drives it. The lifecycle owns what every send shares (who may
 * send, the security code, the idempotency key, the exit guards of exit-guards.ts: frozen sender, bounds, limits,
 * screening, blocking monitoring rules); a method owns only what is its own:
 *
 * - `validate`: whether this recipient can receive this way, before the security code and any money: the facts
 *   the method needs (a bank account, a partner's answer), or a 400 on the field at fault;
 * - `announce`: in the send's database transaction, after the guards, the one balanced entry out of the sender's
 *   wallet into the method's waiting account and the transaction's row; returns the transaction's id;
 * - `complete`: the partner paid the person: the waiting money moves on, the row is `completed`;
 * - `giveBack`: the partner could not pay: the waiting money goes back to the sender, the row is `refunded` with
 *   the partner's reason;
 * - `dispatch` (optional): after the commit, the request to the partner (a mobile wallet's), from its outbox.
 *
 * `complete` and `giveBack` run under the transaction's row lock (lockTransaction) and only from a waiting
 * status, so each payout ends once, whichever way out comes first.
 */
export interface PayoutMethod<Facts> {
  readonly delivery: Delivery;
  validate(deps: ServiceDeps, contact: Contact, send: { confirmPayee: boolean }): Promise<Facts>;
  announce(
    tx: Transaction<Database>,
    deps: ServiceDeps,
    send: { senderId: string; contact: Contact; amount: Money<'MAD'>; facts: Facts },
  ): Promise<string>;
  complete(tx: Transaction<Database>, deps: ServiceDeps, payout: WaitingPayout): Promise<void>;
  giveBack(tx: Transaction<Database>, deps: ServiceDeps, payout: WaitingPayout, reason: string): Promise<void>;
  /**
   * After the send's commit (and after a replay of it): hand the payout to the partner now, when the method talks to
   * its partner per payout. Best effort, never throws: the outbox row written by `announce` is what guarantees it.
   */
  dispatch?(deps: ServiceDeps, transactionId: string): void;
}

/** A payout still waiting for its partner, as its row lock read it. */
export interface WaitingPayout {
  id: string;
  senderUserId: string;
  amount: Money<'MAD'>;
}
