import type { Kysely, Transaction as Tx } from 'kysely';
import { pickupMessages } from '../../../common/api/pickups.ts';
import type { PayeeCheckResponse } from '../../../common/api/payouts.ts';
import { transactionMessages, type CreateTransactionBody, type Transaction } from '../../../common/api/transactions.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { judgeBlockingRules } from '../compliance/monitoring.ts';
import type { RecipientScreening } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { requireSecurityCode } from '../users/security-code.service.ts';
import { screenPayee, takeSendLimit } from './exit-guards.ts';
import { payeeCheckFor, payoutDetailsOf } from './methods/bank-deposit/bank-deposit.ts';
import { walletDetailsOf } from './methods/mobile-wallet/mobile-wallet.ts';
import { holdPayout } from './held-payouts.ts';
import { announcePayout, type PayoutMethod, type PayoutSend } from './methods/payout-method.ts';
import { currentRecipient } from './send.service.ts';
import type { Viewer } from './transactions-query.repository.ts';
import { contactFor, present, viewerOf } from './transaction-view.ts';

/**
 * A send paid out through a partner (`method`: a bank deposit): the same guards as every send (bounds and the
 * frozen sender checked by the caller, the security code, screening, the rolling limit and the blocking monitoring
 * rules, all from exit-guards.ts and monitoring), the same idempotency key, then the method's own validation and
 * announcement. A recipient the screening or a blocking rule holds is held like any send (held-payouts.ts): the
 * money waits in compliance-hold, the sender reads only that it is being processed, and the review's release sends
 * it on by its method (a refusal gives it back).
 */
export async function createPayout<Facts>(
  deps: ServiceDeps,
  user: AuthUser,
  body: CreateTransactionBody,
  idempotencyKey: string | undefined,
  method: PayoutMethod<Facts>,
): Promise<{ status: number; body: Transaction }> {
  const viewer = viewerOf(user);
  if (body.agency !== undefined) throw fieldError('agency', pickupMessages.agencyWithoutPickup);
  const contact = await contactFor(deps, user, body.contact);
  if (contact.contact_user !== null && String(contact.contact_user) === user.id)
    throw fieldError('contact', transactionMessages.yourself);
  const facts = await method.validate(deps, contact, { confirmPayee: body.confirm_payee === true });
  await requireSecurityCode(deps, user.id, body.security_code);
  const screening = await screenPayee(deps, String(contact.id));
  const work = async (tx: Tx<Database>) => {
    await takeSendLimit(tx, deps, user.id, body.amount.minor);
    const send = { senderId: user.id, contact, amount: body.amount, facts };
    const id = await payoutOrHold(tx, deps, method, send, screening);
    return { status: 201, body: await presentPayout(tx, deps, viewer, id) };
  };
  const requestHash = hashRequest({
    amount: body.amount.minor,
    contact: body.contact,
    delivery: method.delivery,
    confirm_payee: body.confirm_payee === true,
  });
  const scope = `transactions:user:${user.id}`;
  const result = await withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(tx, { scope, key: idempotencyKey, requestHash }, () => work(tx)),
  );
  if (result.body.status !== 'on_hold') method.dispatch?.(deps, String(result.body.id));
  return { status: result.status, body: result.body };
}

/**
 * The payout sent now, or held for review on a sanctions hit (checked first) or a blocking monitoring rule. Shared
 * by a send typed by hand and a scheduled one, so both leave by the same exit.
 */
export async function payoutOrHold<Facts>(
  tx: Tx<Database>,
  deps: ServiceDeps,
  method: PayoutMethod<Facts>,
  send: PayoutSend<Facts>,
  screening: RecipientScreening,
): Promise<string> {
  if (screening.held) return holdPayout(tx, deps, method, send, { screening });
  const judgement = await judgeBlockingRules(tx, deps, send.senderId, send.contact, send.amount, 'send', () =>
    currentRecipient(tx, send.contact),
  );
  if (judgement !== null && judgement.findings.length > 0) return holdPayout(tx, deps, method, send, { judgement });
  return announcePayout(tx, deps, method, send);
}

/** A payout as its sender sees it: the transaction with its method's part. */
export async function presentPayout(tx: Kysely<Database>, deps: ServiceDeps, viewer: Viewer, id: string) {
  const presented = await present(tx, deps, viewer, id);
  const payout = await payoutDetailsOf(tx, id);
  if (payout !== undefined) return { ...presented, payout };
  const wallet = await walletDetailsOf(tx, id);
  return wallet === undefined ? presented : { ...presented, wallet_payout: wallet };
}

/** `POST /api/transactions/payee-check/`: confirmation of payee for a bank deposit to the customer's recipient. */
export async function checkPayee(deps: ServiceDeps, user: AuthUser, contactId: string): Promise<PayeeCheckResponse> {
  if (user.role !== 'customer') throw forbidden(transactionMessages.customersOnly);
  return payeeCheckFor(deps, await contactFor(deps, user, contactId));
}
