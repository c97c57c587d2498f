import type { Transaction as Tx } from 'kysely';
import { startOfDayIn } from '../../../common/time/time-zone.ts';
import type { Contact } from '../../../common/api/contacts.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import {
  transactionMessages,
  type CreateTransactionBody,
  type Transaction,
  type TransactionsQueryParsed,
} from '../../../common/api/transactions.ts';
import type { Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser, Caller } from '../auth/authenticate.ts';
import { agencyIsDisabled, getContact } from '../contacts/contacts.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { requireSecurityCode } from '../users/security-code.service.ts';
import { reserveWithdrawal } from './methods/agency-withdrawal/withdrawals.service.ts';
import { tokenKeys } from './methods/agency-withdrawal/withdrawal-token.ts';
import { sendInOneTrip, storedTransactionId } from './send-one-trip.ts';
import {
  checkSendBounds,
  coolingOffApplies,
  refuseCashInCoolingOff,
  refuseDuringRecovery,
  refuseFrozenSender,
  screenPayee,
  sendBounds,
  takeSendLimit,
} from './exit-guards.ts';
import { moveSendMoney } from './send-money.ts';
import { currentRecipient } from './send.service.ts';
import {
  judgeBlockingRules,
  monitoringBlocks,
  monitoringHold,
  openMonitoringHoldReview,
} from '../compliance/monitoring.ts';
import type { RecipientScreening } from '../sanctions/screening.ts';
import { listHistory } from './history-page.repository.ts';
import { findHistoryRow, type Viewer } from './transactions-query.repository.ts';
import { presentTransaction } from './transactions.presenter.ts';
import { cancelWaiting, lockCancellable } from './cancel.service.ts';
import { timelineFor } from './timeline.ts';
import {
  sanctionsPickupHold,
  sendPickup,
  type CreatedPickup,
  type PickupHold,
} from './methods/cash-pickup/pickup-money.ts';
import { textRecipient, type PickupSmsFacts } from './methods/cash-pickup/pickup-sms.ts';
import { nameHistory } from './methods/cash-pickup/pickups.repository.ts';
import { bankDeposit, payoutDetailsOf } from './methods/bank-deposit/bank-deposit.ts';
import { topUpDetailsOf } from './top-up-details.ts';
import { mobileWallet } from './methods/mobile-wallet/wallet-dispatch.ts';
import { walletDetailsOf } from './methods/mobile-wallet/mobile-wallet.ts';
import { contactFor, present, presentRow, viewerOf, withoutToken } from './transaction-view.ts';
import { createPayout } from './payout-sends.ts';

/** A stored response: the body itself, or (wallet_send()'s) the id of the transaction to present again. */
async function storedBody(deps: ServiceDeps, viewer: Viewer, body: unknown): Promise<Transaction> {
  const id = storedTransactionId(body);
  // The body was produced by this endpoint for the same request, so it has the type of its answer.
  return id === undefined ? (body as Transaction) : present(deps.db, deps, viewer, id);
}

/** Whether a send may try the one round trip: nothing Node refuses before it, no pickup, no blocking rule. */
function oneTripCandidate(deps: ServiceDeps, body: CreateTransactionBody): boolean {
  return (
    (body.delivery === undefined || body.delivery === 'wallet') &&
    body.agency === undefined &&
    // A blocking monitoring rule is judged in the send's own transaction, which wallet_send() does not do.
    !monitoringBlocks(deps.config) &&
    body.amount.minor >= sendBounds(deps).min.minor &&
    body.amount.minor <= sendBounds(deps).max.minor
  );
}

/**
 * `POST /api/transactions/`: a send (person contact) or a withdrawal (agency). A send to a registered recipient
 * that passes the checks made here is one database round trip, the session's check included (sendInOneTrip:
 * session, role, freeze, code, key, ledger, row, outbox). The rest (withdrawals, recipients without an account yet,
 * codes in an older scheme, the refusals of the checks made here) reads the session first, so a dead session is
 * still a 401 before anything else, then takes the general path: the security code in its own transaction (a
 * failed attempt survives our rollback), then one transaction holding the ledger entry, the business row and the
 * idempotency key. Answers 201 with the transaction as its sender sees it.
 */
export async function createTransaction(
  deps: ServiceDeps,
  caller: Caller,
  body: CreateTransactionBody,
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: Transaction }> {
  const scope = `transactions:user:${caller.claims.userId}`;
  // The request hash leaves the security code out: a stored hash of a 6-digit code would be brute-forced offline.
  const requestHash = hashRequest({ amount: body.amount.minor, contact: body.contact });
  if (oneTripCandidate(deps, body)) {
    const fast = await sendInOneTrip(deps, caller.claims, body, { scope, key: idempotencyKey, requestHash });
    // Only a customer gets past wallet_send_as(): a viewer without an agency.
    const viewer: Viewer = { id: caller.claims.userId, agencyId: null };
    if (fast.kind === 'replay') return { status: fast.status, body: await storedBody(deps, viewer, fast.body) };
    // The recipient's notification was written with the money (the timeline's trigger, migration 0240).
    if (fast.kind === 'sent') return { status: 201, body: presentRow(deps, fast.row, viewer) };
  }
  const user = await caller.user();
  if (user.role !== 'customer') throw forbidden(transactionMessages.customersOnly);
  refuseFrozenSender(user);
  refuseDuringRecovery(deps, user);
  checkSendBounds(deps, body.amount.minor);
  const viewer = viewerOf(user);
  if (body.delivery === 'cash_pickup' || body.delivery === 'bank_deposit' || body.delivery === 'mobile_wallet') {
    // Money that leaves as cash, to a bank or to a mobile wallet cannot wait in a hold the sweep releases: refused.
    refuseCashInCoolingOff(deps, user, body.amount.minor);
    if (body.delivery === 'cash_pickup') return createCashPickup(deps, user, body, idempotencyKey);
    if (body.delivery === 'mobile_wallet') return createPayout(deps, user, body, idempotencyKey, mobileWallet);
    return createPayout(deps, user, body, idempotencyKey, bankDeposit);
  }
  if (body.agency !== undefined) throw fieldError('agency', pickupMessages.agencyWithoutPickup);

  const contact = await contactFor(deps, user, body.contact);
  if (contact.contact_user !== null && String(contact.contact_user) === user.id)
    throw fieldError('contact', transactionMessages.yourself);
  if (contact.public) refuseCashInCoolingOff(deps, user, body.amount.minor);
  const coolingOff = coolingOffApplies(deps, user, body.amount.minor);
  await requireSecurityCode(deps, user.id, body.security_code);
  // The recipient against the sanctions lists in force (kept on the contact per lists' version).
  const screening = contact.public ? null : await screenPayee(deps, String(contact.id));

  const work = async (tx: Tx<Database>) => {
    // Counted against the rolling limit under the sender's row lock, before the money moves.
    await takeSendLimit(tx, deps, user.id, body.amount.minor);
    const id = contact.public
      ? await reserveWithdrawal(tx, deps, user.id, String(contact.id), body.amount)
      : await moveSendMoney(tx, deps, user.id, contact, body.amount, screening, coolingOff);
    return { status: 201, body: await present(tx, deps, viewer, id) };
  };
  const result = await withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(tx, { scope, key: idempotencyKey, requestHash }, () => work(tx), withoutToken),
  );
  // A replay (the key's scope is this user's: only the owner replays) gets the token back from the sealed copy.
  if ('replayed' in result && result.replayed && result.body.category === 'withdrawal')
    return {
      ...result,
      body: { ...result.body, token: (await getTransaction(deps, user, String(result.body.id))).token },
    };
  return { status: result.status, body: await storedBody(deps, viewer, result.body) };
}

async function agencyFor(deps: ServiceDeps, user: AuthUser, id: string | undefined): Promise<Contact | null> {
  if (id === undefined) return null;
  try {
    const agency = await getContact(deps, user, Number(id));
    if (agency.public) return agency;
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
    if (await agencyIsDisabled(deps, Number(id))) throw fieldError('agency', pickupMessages.agencyDisabled);
  }
  throw fieldError('agency', pickupMessages.unknownAgency);
}

/**
 * Why a new cash pickup is held, as a send would be: a sanctions hit on its recipient, else blocking
 * monitoring rules it would break (judged under the sender's row lock, taken by the limit); null: not held.
 */
async function pickupHold(
  tx: Tx<Database>,
  deps: ServiceDeps,
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  screening: RecipientScreening,
): Promise<PickupHold | null> {
  if (screening.held) return sanctionsPickupHold(tx, deps, { senderId, contact, amount, screening });
  const judged = await judgeBlockingRules(tx, deps, senderId, contact, amount, 'cash_pickup', () =>
    currentRecipient(tx, contact),
  );
  if (judged === null || judged.findings.length === 0) return null;
  return {
    kind: monitoringHold(judged),
    openReview: (id) => openMonitoringHoldReview(tx, deps, { id, senderId, contact, amount, judgement: judged }),
  };
}

/** A cash pickup goes to a person, announced by SMS: an agency or a recipient without a phone is a 400 on `contact`. */
export function refusePickupRecipient(contact: Contact): void {
  if (contact.public) throw fieldError('contact', pickupMessages.notAPerson);
  if (!contact.phone_number) throw fieldError('contact', pickupMessages.noPhone);
}

/**
 * A cash pickup's money once its sender's guards passed and the rolling limit is taken, in the send's transaction:
 * held when the recipient's screening (`screening`) or a blocking monitoring rule says so, else announced. Shared by
 * a pickup typed by hand and a scheduled one; the caller texts the SMS (`sms`) after its commit.
 */
export async function announcePickup(
  tx: Tx<Database>,
  deps: ServiceDeps,
  send: {
    senderId: string;
    contact: Contact;
    agency: Contact | null;
    amount: Money<'MAD'>;
    screening: RecipientScreening;
  },
): Promise<CreatedPickup> {
  const { senderId, contact, agency, amount, screening } = send;
  return sendPickup(tx, deps, senderId, contact, agency, amount, {
    sanctionsVersion: screening.version,
    hold: await pickupHold(tx, deps, senderId, contact, amount, screening),
  });
}

/**
 * A cash pickup: same amount rules, security code, idempotency key and balance check as a send, on
 * the general path (the wallet send's one round trip is untouched). The recipient's SMS leaves after commit, unless
 * the pickup is held (the recipient's screening or a blocking monitoring rule).
 */
async function createCashPickup(
  deps: ServiceDeps,
  user: AuthUser,
  body: CreateTransactionBody,
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: Transaction }> {
  const viewer = viewerOf(user);
  const contact = await contactFor(deps, user, body.contact);
  refusePickupRecipient(contact);
  if (contact.contact_user !== null && String(contact.contact_user) === user.id)
    throw fieldError('contact', transactionMessages.yourself);
  const agency = await agencyFor(deps, user, body.agency);
  await requireSecurityCode(deps, user.id, body.security_code);
  // The recipient against the sanctions lists, as for a send; a hit holds the pickup (no SMS).
  const screening = await screenPayee(deps, String(contact.id));
  let sms: PickupSmsFacts | null = null;
  const work = async (tx: Tx<Database>) => {
    await takeSendLimit(tx, deps, user.id, body.amount.minor);
    const created = await announcePickup(tx, deps, {
      senderId: user.id,
      contact,
      agency,
      amount: body.amount,
      screening,
    });
    sms = created.sms;
    return { status: 201, body: await present(tx, deps, viewer, created.id) };
  };
  const requestHash = hashRequest({
    amount: body.amount.minor,
    contact: body.contact,
    delivery: 'cash_pickup',
    agency: body.agency ?? null,
  });
  const scope = `transactions:user:${user.id}`;
  const result = await withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(tx, { scope, key: idempotencyKey, requestHash }, () => work(tx), withoutToken),
  );
  if ('replayed' in result && result.replayed)
    return { status: result.status, body: await getTransaction(deps, user, String(result.body.id)) };
  const facts = sms as PickupSmsFacts | null;
  if (facts !== null) void textRecipient(deps, facts, false);
  return { status: result.status, body: result.body };
}

export async function listTransactions(
  deps: ServiceDeps,
  user: AuthUser,
  query: TransactionsQueryParsed,
): Promise<{ count: number; results: Transaction[] }> {
  const viewer = viewerOf(user);
  // Calendar days of the customer's zone: 'March 3' in Paris starts at 23:00 UTC on March 2.
  const dayStart = (date: string) => startOfDayIn(date, query.tz ?? 'UTC');
  const { count, rows } = await listHistory(
    deps.db,
    viewer,
    {
      user: query.user,
      contact: query.contact,
      category: query.category,
      amountMinor: query.amount?.minor,
      amountGteMinor: query.amount_gte?.minor,
      amountLteMinor: query.amount_lte?.minor,
      from: query.start_date === undefined ? undefined : dayStart(query.start_date),
      before: query.end_date === undefined ? undefined : dayStart(query.end_date),
    },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return { count, results: rows.map((row) => presentRow(deps, row, viewer)) };
}

/** `GET /api/transactions/{id}/`: for a participant (or the banker of the withdrawal's agency); else 404. */
export async function getTransaction(deps: ServiceDeps, user: AuthUser, id: string): Promise<Transaction> {
  const viewer = viewerOf(user);
  const row = await findHistoryRow(deps.db, viewer, id);
  if (!row) throw notFound();
  const presented = presentRow(deps, row, viewer);
  // The sender's detail of a cash pickup lists every correction of the name, with its time.
  if (row.kind === 'pickup' && row.sender_user_id === user.id && presented.pickup) {
    const history = await nameHistory(deps.db, id);
    presented.pickup.name_history = history.map((h) => ({
      first_name: h.first_name,
      last_name: h.last_name,
      changed_at: h.changed_at.toISOString(),
    }));
  }
  presented.timeline = await timelineFor(deps.db, row, viewer);
  if (row.kind === 'payout' && row.sender_user_id === user.id) {
    const payout = await payoutDetailsOf(deps.db, id);
    if (payout !== undefined) presented.payout = payout;
    const wallet = payout === undefined ? await walletDetailsOf(deps.db, id) : undefined;
    if (wallet !== undefined) presented.wallet_payout = wallet;
  }
  if (presented.category === 'exchange') {
    const topUp = await topUpDetailsOf(deps.db, id);
    if (topUp !== undefined) presented.top_up = topUp;
  }
  return presented;
}

/**
 * `POST /api/transactions/{id}/cancel/`: the sender takes back a pending withdrawal or an unclaimed transfer. It
 * moves money, so it takes an Idempotency-Key like the other money POSTs: a client that retries after a timeout
 * whose first attempt did cancel gets that answer again, not "can no longer be cancelled" for its own success.
 */
export async function cancelTransaction(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  idempotencyKey?: string,
): Promise<Transaction> {
  const viewer = viewerOf(user);
  const work = async (tx: Tx<Database>) => {
    const cancellable = await lockCancellable(tx, id, deps.clock.now(), (row) => row.sender_user_id === user.id);
    await cancelWaiting(tx, cancellable);
    return { status: 200, body: await present(tx, deps, viewer, id) };
  };
  const result = await withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(
          tx,
          {
            scope: `transactions:cancel:user:${user.id}`,
            key: idempotencyKey,
            requestHash: hashRequest({ cancel: id }),
          },
          () => work(tx),
        ),
  );
  return result.body;
}

/**
 * A user's newest transactions as they see them, for the back-office: never a withdrawal's token (a
 * bearer secret for cash, shown to its owner only).
 */
export async function recentTransactionsOf(deps: ServiceDeps, userId: string, limit: number): Promise<Transaction[]> {
  const viewer: Viewer = { id: userId, agencyId: null };
  const { rows } = await listHistory(deps.db, viewer, {}, { limit, offset: 0 });
  const now = deps.clock.now();
  const keys = tokenKeys(deps.config.SECRET_KEY);
  return rows.map((row) => ({ ...presentTransaction(row, viewer, now, keys), token: null }));
}
