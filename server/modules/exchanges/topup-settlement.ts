import type { Transaction } from 'kysely';
import { money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { findUserWallet, platformAccount } from '../../ledger/accounts.repository.ts';
import { post } from '../../ledger/journal.ts';
import type { PaymentEvent } from '../../adapters/payments/provider-events.ts';
import { recordExchangeTransaction } from '../transfers/index.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { enqueuePaymentAction, finishSession, type PaymentSessionRow } from '../billing/index.ts';
import { findExchangeForUpdate, markPaid, unlockRate } from './exchanges.repository.ts';
import { enqueueAnchor } from '../anchoring/enqueue-anchor.ts';
import { tryTakeLimit } from '../compliance/limits.ts';
import { notify } from '../notifications/notify.ts';

type Completed = Extract<PaymentEvent, { kind: 'checkout_completed' }>;

/**
 * A confirmed card payment for a top-up, in billing's webhook's transaction (billing asks through its port,
 * BillingPorts.settleTopUp) (the one that claimed the event id):
 * either the whole credit is written (ledger entry, exchange paid, history row, session paid) or none of it.
 * Every case where crediting would be wrong refunds instead, so money taken is never kept without a credit.
 */
export async function settleTopUp(
  deps: ServiceDeps,
  tx: Transaction<Database>,
  session: PaymentSessionRow,
  event: Completed,
): Promise<string> {
  const now = deps.clock.now();
  const refund = async (outcome: string): Promise<string> => {
    // No payment id means nothing was captured. With one, the intent is recorded with the outcome and performed
    // from the outbox after the commit (a refund made inside this transaction could outlive a failed
    // commit, and its retry days later be refused as 'already refunded').
    if (event.paymentId) {
      await enqueuePaymentAction(tx, {
        kind: 'refund',
        provider: deps.payments.name,
        target: event.paymentId,
        idempotencyKey: `refund-${session.id}`,
        reason: outcome,
        sessionId: session.id,
        eventId: event.id,
      });
    }
    await finishSession(tx, session.id, { status: 'refunded', outcome, now, paymentId: event.paymentId });
    return outcome;
  };

  if (event.amountTotal !== BigInt(session.amount) || event.currency !== 'EUR') return refund('amount_mismatch');
  // The amount was changed (or validated again) after this checkout opened: its price is no longer the draft's.
  if (session.status === 'superseded') return refund('superseded');
  // The payment's own time, not the delivery's: a payment made in time but delivered late (retries) is credited.
  if (event.created > session.expires_at) {
    if (session.exchange_id) await unlockRate(tx, session.exchange_id, now);
    return refund('rate_lock_expired');
  }
  const exchangeId = session.exchange_id;
  const exchange = exchangeId ? await findExchangeForUpdate(tx, exchangeId) : undefined;
  if (!exchangeId || !exchange) throw new Error(`Exchange session ${session.id} has no exchange`);
  if (exchange.status === 'paid') return refund('exchange_already_paid');

  const from = money('EUR', BigInt(exchange.from_amount));
  // Counted under the customer's row lock; a payment that no longer fits the rolling limit (another
  // top-up credited meanwhile, a lower limit configured) is refunded, never credited past it.
  if (await tryTakeLimit(tx, exchange.user_id, 'topup', from.minor, now)) {
    if (session.exchange_id) await unlockRate(tx, session.exchange_id, now);
    return refund('limit_exceeded');
  }
  const fee = money('EUR', BigInt(exchange.fee_amount));
  const to = money('MAD', BigInt(exchange.to_amount));
  const gross = money('EUR', from.minor + fee.minor);
  const [clearing, fees, fxEur, fxMad, wallet] = await Promise.all([
    platformAccount(tx, 'card_clearing', 'EUR'),
    platformAccount(tx, 'fees', 'EUR'),
    platformAccount(tx, 'fx', 'EUR'),
    platformAccount(tx, 'fx', 'MAD'),
    findUserWallet(tx, exchange.user_id),
  ]);
  if (!wallet) throw new Error(`User ${exchange.user_id} has no wallet`);
  // One balanced entry: the card's euros in, the fee to revenue, the rest sold to the FX desk for the dirhams.
  const entry = await post(tx, {
    kind: 'exchange',
    reference: { type: 'exchange', id: exchangeId },
    metadata: { session: session.id, event: event.id, rate: exchange.rate, fee_fraction: exchange.fee_fraction },
    postings: [
      { accountId: clearing.id, amount: money('EUR', -gross.minor) },
      ...(fee.minor > 0n ? [{ accountId: fees.id, amount: fee }] : []),
      { accountId: fxEur.id, amount: from },
      { accountId: fxMad.id, amount: money('MAD', -to.minor) },
      { accountId: wallet.id, amount: to },
    ],
  });
  const transactionId = await recordExchangeTransaction(tx, {
    userId: exchange.user_id,
    amount: to,
    ledgerEntryId: entry.id,
    reference: `exchange:${exchangeId}`,
  });
  await enqueueAnchor(tx, { transactionId });
  // In the app's list as well: the receipt's e-mail goes only to a confirmed address, and is not where a customer
  // looks once back in the app. The message itself is that receipt, so none is queued here.
  await notify(tx, {
    userId: exchange.user_id,
    kind: 'topup_completed',
    transactionId,
    params: { amount: String(to.minor), currency: 'MAD', name: '', charged: String(gross.minor) },
    message: false,
  });
  await markPaid(tx, exchangeId, entry.id, now);
  await finishSession(tx, session.id, { status: 'paid', outcome: 'credited', now, paymentId: event.paymentId });
  return 'credited';
}
