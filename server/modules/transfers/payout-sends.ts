import type { Kysely, Transaction as Tx } from 'kysely';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { payoutMessages, type PayeeCheckResponse } from '../../../common/api/payouts.ts';
import { transactionMessages, type CreateTransactionBody, type Transaction } from '../../../common/api/transactions.ts';
import type { Contact } from '../../../common/api/contacts.ts';
import type { Money } from '../../../common/money/money.ts';
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
import type { PayoutMethod } from './methods/payout-method.ts';
import { currentRecipient } from './send.service.ts';
import type { Viewer } from './transactions-query.repository.ts';
import { contactFor, present, viewerOf } from './transaction-view.ts';

/** A screening hit or a blocking monitoring rule: a payout through a partner is refused, no money moves. */
const payoutUnderReview = () => fieldError('contact', payoutMessages.underReview);

/**
 * A send paid out through a partner (`method`: a bank deposit): the same guards as every send (bounds and the
 * frozen sender checked by the caller, the security code, screening, the rolling limit and the blocking monitoring
 * rules, all from exit-guards.ts and monitoring), the same idempotency key, then the method's own validation and
 * announcement. A recipient the screening or a blocking rule would hold is refused rather than held: a hold's
 * review releases money to a wallet, which is not where the sender asked it to go.
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
  if (screening.held) throw payoutUnderReview();
  const work = async (tx: Tx<Database>) => {
    await takeSendLimit(tx, deps, user.id, body.amount.minor);
    const id = await announcePayout(tx, deps, method, {
      senderId: user.id,
      contact,
      amount: body.amount,
      facts,
      screening,
    });
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
  method.dispatch?.(deps, String(result.body.id));
  return { status: result.status, body: result.body };
}

/**
 * A payout's money once its sender's guards passed and the rolling limit is taken, in the send's transaction: the
 * recipient's screening (`screening`) and the blocking monitoring rules, then the method's announcement. Shared by
 * a send typed by hand and a scheduled one, so both leave by the same exit. Returns the transaction's id.
 */
export async function announcePayout<Facts>(
  tx: Tx<Database>,
  deps: ServiceDeps,
  method: PayoutMethod<Facts>,
  send: { senderId: string; contact: Contact; amount: Money<'MAD'>; facts: Facts; screening: RecipientScreening },
): Promise<string> {
  if (send.screening.held) throw payoutUnderReview();
  const judged = await judgeBlockingRules(tx, deps, send.senderId, send.contact, send.amount, 'send', () =>
    currentRecipient(tx, send.contact),
  );
  if (judged !== null && judged.findings.length > 0) throw payoutUnderReview();
  return method.announce(tx, deps, {
    senderId: send.senderId,
    contact: send.contact,
    amount: send.amount,
    facts: send.facts,
  });
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
