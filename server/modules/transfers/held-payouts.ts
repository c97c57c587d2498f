import type { Transaction } from 'kysely';
import { money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { platformAccount } from '../../ledger/accounts.repository.ts';
import type { BlockingJudgement } from '../compliance/monitoring.ts';
import type { ReleaseKind } from '../reviews/held-money.ts';
import type { RecipientScreening } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { holdForMonitoring, holdTransfer, notifyReleased, releaseHeldMoney } from './held-money.ts';
import { bankDeposit } from './methods/bank-deposit/bank-deposit.ts';
import { mobileWallet } from './methods/mobile-wallet/wallet-dispatch.ts';
import type { PayoutMethod, PayoutSend } from './methods/payout-method.ts';

/** Each payout method by the name its detail row (`payouts.method`) carries. */
const methods = { bank_deposit: bankDeposit, mobile_wallet: mobileWallet } as const;

/** Why a payout is held: a sanctions hit on its recipient, or blocking monitoring rules. */
export type PayoutHold = { screening: RecipientScreening } | { judgement: BlockingJudgement };

/**
 * A payout the screening or a blocking monitoring rule holds, in the send's transaction: held for review exactly as
 * any other send is (the money from the sender's wallet into compliance-hold, the transaction `on_hold` with the
 * hold's reason on its step, the review opened), with its method's detail row, so that the review's release sends
 * it on to where the sender asked. Nothing is handed to the partner meanwhile. Returns the transaction's id.
 */
export async function holdPayout<Facts>(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  method: PayoutMethod<Facts>,
  send: PayoutSend<Facts>,
  hold: PayoutHold,
): Promise<string> {
  const { senderId, contact, amount } = send;
  const id =
    'screening' in hold
      ? await holdTransfer(tx, deps, senderId, contact, amount, hold.screening, 'payout')
      : await holdForMonitoring(tx, deps, senderId, contact, amount, hold.judgement, 'payout');
  await method.record(tx, deps, id, send);
  return id;
}

/**
 * An operator let a held payout go (a sanctions false positive, a monitoring hold released), in the decision's
 * transaction under the row lock: its money goes from compliance-hold to its method's pending account (booked as
 * `releaseKind`), it is `processing` as if sent now, and handed over to its partner (a bank deposit is in the next
 * payment file; a wallet payout's request is written, and made once the decision committed). Its sender is told.
 */
export async function releaseHeldPayout(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  held: { id: string; amount: string },
  releaseKind: ReleaseKind,
  afterCommit: (task: () => Promise<void>) => void,
): Promise<'processing'> {
  const row = await tx
    .selectFrom('payouts')
    .select('method')
    .where('transaction_id', '=', held.id)
    .executeTakeFirstOrThrow();
  const method: PayoutMethod<unknown> = methods[row.method];
  await releaseHeldMoney(tx, {
    transactionId: held.id,
    to: (await platformAccount(tx, method.pending, 'MAD')).id,
    amount: money('MAD', BigInt(held.amount)),
    metadata: { payout: method.delivery },
    releaseKind,
  });
  await tx.updateTable('transactions').set({ status: 'processing' }).where('id', '=', held.id).execute();
  await method.handOver?.(tx, held.id);
  await notifyReleased(tx, held.id);
  if (method.dispatch !== undefined) afterCommit(() => Promise.resolve(method.dispatch?.(deps, held.id)));
  return 'processing';
}
