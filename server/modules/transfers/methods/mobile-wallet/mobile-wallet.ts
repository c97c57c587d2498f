import { sql, type Transaction } from 'kysely';
import { payoutMessages, walletFailures, type WalletPayoutDetails } from '../../../../../common/api/payouts.ts';
import { isMoroccanMobile } from '../../../../adapters/payout-partner/payout-partner.ts';
import type { Database } from '../../../../db/schema.ts';
import { fieldError } from '../../../../http/http-error.ts';
import { notify } from '../../../notifications/notify.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import type { PayoutMethod, WaitingPayout } from '../payout-method.ts';

/** What a wallet payout to this recipient carries: their Moroccan mobile number and their name. */
export interface WalletFacts {
  phone: string;
  recipientName: string;
}

/** The idempotency key the operator gets for a payout: the transfer's own, so every retry is the same payout. */
export const walletPayoutKey = (transactionId: string) => `sila-payout-${transactionId}`;

/**
 * A payout to the recipient's Moroccan mobile wallet: the money waits in mobile-payouts-pending from the send
 * (`processing`; `submitted` once the operator accepted the request, 'sent to the wallet') until the operator's
 * signed callback, then goes on to the partner's settlement account (completed) or back to the sender (refunded,
 * with the operator's reason). The request leaves after the send's commit, from the outbox row written with it
 * (wallet-dispatch.ts).
 */
export const walletPayoutSteps: PayoutMethod<WalletFacts> = {
  delivery: 'mobile_wallet',
  pending: 'mobile_payouts_pending',

  validate(_deps, contact) {
    if (contact.public) return Promise.reject(fieldError('contact', payoutMessages.walletNotAPerson));
    if (contact.phone_number === null || !isMoroccanMobile(contact.phone_number))
      return Promise.reject(fieldError('contact', payoutMessages.noMobileWallet));
    const recipientName = `${contact.first_name} ${contact.last_name}`.trim();
    return Promise.resolve({ phone: contact.phone_number, recipientName });
  },

  async record(tx, _deps, id, { facts }) {
    await tx
      .insertInto('payouts')
      .values({
        transaction_id: id,
        method: 'mobile_wallet',
        rib: null,
        holder_name: facts.recipientName.slice(0, 140),
        expected_arrival: null,
        execution_date: null,
        payee_check: null,
        bank_holder_name: null,
        wallet_phone: facts.phone,
      })
      .execute();
  },

  async handOver(tx, id) {
    await tx.insertInto('wallet_payout_dispatches').values({ transaction_id: id }).execute();
  },

  // The sender's notice is the timeline's (payout_completed); a recipient with an account hears of it too.
  completed: notifyRegisteredRecipient,
};

/** A recipient who has an account (the contact is linked to a user) is told the money reached their wallet. */
async function notifyRegisteredRecipient(tx: Transaction<Database>, payout: WaitingPayout): Promise<void> {
  const row = await tx
    .selectFrom('transactions as t')
    .innerJoin('contacts as c', 'c.id', 't.contact_id')
    .innerJoin('users as s', 's.id', 't.sender_user_id')
    .select(['c.contact_user', sql<string>`trim(s.first_name || ' ' || s.last_name)`.as('sender_name')])
    .where('t.id', '=', payout.id)
    .executeTakeFirst();
  if (!row || row.contact_user === null || String(row.contact_user) === payout.senderUserId) return;
  await notify(tx, {
    userId: row.contact_user,
    kind: 'payout_received',
    transactionId: null,
    params: { amount: payout.amount.minor.toString(), currency: 'MAD', name: row.sender_name },
  });
}

const stages = {
  processing: 'processing',
  submitted: 'sent_to_wallet',
  completed: 'credited',
  refunded: 'returned',
} as const satisfies Record<string, WalletPayoutDetails['stage']>;

/** The wallet part of a transaction for its sender, or undefined when it is not a mobile wallet payout. */
export async function walletDetailsOf(
  db: Transaction<Database> | ServiceDeps['db'],
  id: string,
): Promise<WalletPayoutDetails | undefined> {
  const row = await db
    .selectFrom('payouts as p')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .select(['p.method', 'p.wallet_phone', 'p.holder_name', 'p.partner_reference', 'p.reason', 't.status'])
    .where('p.transaction_id', '=', id)
    .executeTakeFirst();
  if (!row || row.method !== 'mobile_wallet' || row.wallet_phone === null) return undefined;
  const reason = walletFailures.find((r) => r === row.reason) ?? null;
  return {
    method: 'mobile_wallet',
    phone: row.wallet_phone,
    recipient_name: row.holder_name,
    stage: row.status in stages ? stages[row.status as keyof typeof stages] : 'processing',
    partner_reference: row.partner_reference,
    // No reason when no operator gave one: a payout held for review and refused by it (nothing of why is shown).
    return_reason: row.status === 'refunded' && row.reason !== null ? (reason ?? 'partner_unavailable') : null,
  };
}
