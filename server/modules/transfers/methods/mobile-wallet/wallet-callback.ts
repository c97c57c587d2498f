import { ZodError } from 'zod';
import { money } from '../../../../../common/money/money.ts';
import { InvalidSignatureError } from '../../../../adapters/payments/webhook-signature.ts';
import type { WalletCallback } from '../../../../adapters/payout-partner/payout-partner.ts';
import { badRequest, unauthorized } from '../../../../http/http-error.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { lockTransaction } from '../../transactions.repository.ts';
import { completePayout, giveBackPayout } from '../payout-method.ts';
import { walletPayoutKey, walletPayoutSteps } from './mobile-wallet.ts';
import { walletPartner } from './wallet-partner.ts';

export const walletCallbackMessages = {
  invalidSignature: 'Invalid signature.',
  malformed: 'Malformed callback.',
} as const;

/** What a callback did: applied, or why it changed nothing (the route logs the ignored ones). */
export type CallbackOutcome =
  'completed' | 'returned' | 'duplicate' | 'ignored_out_of_order' | 'ignored_other_reference' | 'unknown_payout';

function readCallback(deps: ServiceDeps, raw: Buffer, signature: string | undefined): WalletCallback {
  try {
    return walletPartner(deps).verifyCallback(raw, signature, deps.clock.now());
  } catch (error) {
    // Nothing in an unsigned body is believed, not even whether it parses.
    if (error instanceof InvalidSignatureError) throw unauthorized(walletCallbackMessages.invalidSignature);
    // Signed but unreadable (not JSON, a field missing, a failure without its reason).
    if (error instanceof ZodError || error instanceof SyntaxError || error instanceof Error)
      throw badRequest(walletCallbackMessages.malformed);
    throw error;
  }
}

const transactionIdOf = (key: string): string | undefined => {
  const match = /^sila-payout-([1-9]\d{0,17})$/.exec(key);
  return match?.[1];
};

/**
 * `POST /api/payouts/mobile-wallet/callback/`: the operator's answer for one payout, signed (HMAC-SHA256 of the
 * raw body with a timestamp, the card webhooks' scheme, compared in constant time) and checked before anything in
 * it is believed. Applied under the payout's row lock and only from a waiting status (`processing`, `submitted`),
 * so it acts once: the same callback again is a `duplicate`, the other outcome after the first (a `failed` after
 * `completed`, or the reverse) is `ignored_out_of_order`; neither moves money. The sandbox's callbacks take this
 * same path.
 */
export async function handleWalletCallback(
  deps: ServiceDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<CallbackOutcome> {
  return applyWalletOutcome(deps, readCallback(deps, raw, signature));
}

/**
 * A payout's outcome as the operator gave it, believed (a verified callback, or the operator's own answer to our
 * status question, wallet-follow-up.ts): the one code path both take, so it acts once whichever comes first.
 */
export async function applyWalletOutcome(deps: ServiceDeps, callback: WalletCallback): Promise<CallbackOutcome> {
  const id = transactionIdOf(callback.idempotencyKey);
  if (id === undefined) return 'unknown_payout';
  return withTransaction(deps.db, async (tx): Promise<CallbackOutcome> => {
    const row = await lockTransaction(tx, id);
    const payout = await tx
      .selectFrom('payouts')
      .select(['method', 'partner_reference', 'reason'])
      .where('transaction_id', '=', id)
      .executeTakeFirst();
    if (!row || row.kind !== 'payout' || payout?.method !== 'mobile_wallet' || row.sender_user_id === null)
      return 'unknown_payout';
    if (walletPayoutKey(id) !== callback.idempotencyKey) return 'unknown_payout';
    if (payout.partner_reference !== null && payout.partner_reference !== callback.partnerReference)
      return 'ignored_other_reference';
    if (row.status === 'completed' || row.status === 'refunded') {
      const same =
        callback.outcome.status === 'completed'
          ? row.status === 'completed'
          : row.status === 'refunded' && payout.reason === callback.outcome.reason;
      return same ? 'duplicate' : 'ignored_out_of_order';
    }
    if (row.status !== 'processing' && row.status !== 'submitted') return 'ignored_out_of_order';
    if (payout.partner_reference === null)
      await tx
        .updateTable('payouts')
        .set({ partner_reference: callback.partnerReference })
        .where('transaction_id', '=', id)
        .execute();
    const waiting = { id: row.id, senderUserId: row.sender_user_id, amount: money('MAD', BigInt(row.amount)) };
    if (callback.outcome.status === 'completed') {
      await completePayout(tx, walletPayoutSteps, waiting);
      return 'completed';
    }
    await giveBackPayout(tx, walletPayoutSteps, waiting, callback.outcome.reason);
    return 'returned';
  });
}
