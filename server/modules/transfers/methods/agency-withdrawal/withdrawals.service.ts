import type { Transaction as Tx } from 'kysely';
import type { Transaction } from '../../../../../common/api/transactions.ts';
import { transactionMessages } from '../../../../../common/api/transactions.ts';
import { withdrawalMessages, type PayoutsToday, type TellerWithdrawal } from '../../../../../common/api/withdrawals.ts';
import { formatAmount, money, type Money } from '../../../../../common/money/money.ts';
import { withdrawalReferenceOf } from '../../../../../common/counter/counter-reference.ts';
import { dayAround } from '../../../../../common/time/time-zone.ts';
import type { Database } from '../../../../db/schema.ts';
import { lockFor } from '../../../../db/advisory-lock.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  otherAgency,
  tooManyRequests,
} from '../../../../http/http-error.ts';
import { findAgencyCashAccount } from '../../../../ledger/accounts.repository.ts';
import { reserveHold, settleHold } from '../../../../ledger/holds.ts';
import { hashRequest, runIdempotent } from '../../../../ledger/idempotency.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../../../audit/audit.service.ts';
import type { AuthUser } from '../../../auth/authenticate.ts';
import { counterRefusal, senderIsFrozen } from '../../exit-guards.ts';
import { eventTimes, recordEvent } from '../../../auth/index.ts';
import { withinLimit } from '../../../auth/sliding-window.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { walletOf } from '../../send.service.ts';
import { findWithdrawalRow } from '../../transactions-query.repository.ts';
import { presentTransaction } from '../../transactions.presenter.ts';
import {
  finishTransaction,
  findTransactionIdByTokenHash,
  findWithdrawalIdByIdentifier,
  insertTransaction,
  lockTransaction,
  nextTransactionId,
} from '../../transactions.repository.ts';
import {
  isWithdrawalToken,
  newIdentifier,
  newWithdrawalToken,
  sealToken,
  tokenHash,
  tokenKeys,
} from './withdrawal-token.ts';
import { payingTellerName, sumAgencyPayouts } from './withdrawal-reservations.repository.ts';
import { requireSecurityCode } from '../../../users/security-code.service.ts';
import { enqueueAnchor } from '../../../anchoring/enqueue-anchor.ts';

/**
 * Creation reserves the amount (two-phase hold: wallet -> withdrawals pending) and returns the QR token; it
 * expires after WITHDRAWAL_TTL_SECONDS (the sweep releases the hold). Runs in the caller's transaction.
 */
export async function reserveWithdrawal(
  tx: Tx<Database>,
  deps: ServiceDeps,
  userId: string,
  agencyId: string,
  amount: Money<'MAD'>,
): Promise<string> {
  if (!(await findAgencyCashAccount(tx, agencyId))) throw new Error(`Agency ${agencyId} has no cash account`);
  const id = await nextTransactionId(tx);
  const hold = await reserveHold(tx, {
    walletAccountId: await walletOf(tx, userId),
    amount,
    reference: { type: 'transaction', id },
    metadata: { agency_id: agencyId },
  });
  const keys = tokenKeys(deps.config.SECRET_KEY);
  const token = newWithdrawalToken();
  await insertTransaction(tx, {
    id,
    kind: 'withdrawal',
    status: 'pending',
    senderUserId: userId,
    recipientUserId: null,
    contactId: agencyId,
    agencyId,
    amount,
    tokenHash: tokenHash(keys, token),
    tokenSealed: sealToken(keys, token),
    identifier: newIdentifier(),
    holdId: hold.id,
    ledgerEntryId: hold.reserveEntryId,
    expiresAt: new Date(deps.clock.now().getTime() + deps.config.WITHDRAWAL_TTL_SECONDS * 1000),
  });
  return id;
}

export function requireBanker(user: AuthUser): string {
  if (user.role !== 'BANKER' || user.agencyId === null) throw forbidden(transactionMessages.bankerOnly);
  return user.agencyId;
}

/**
 * The withdrawal a scanned token, or the reference its customer read out (with or without dashes, any case),
 * names. A well-formed value that names none is a miss, counted per teller: after WITHDRAWAL_LOOKUP_MAX_MISSES
 * within WITHDRAWAL_LOOKUP_WINDOW_SECONDS every lookup of that teller is refused (429 with Retry-After), even a
 * right one, until the window frees a slot. Neither 128-bit tokens nor 59-bit references can be guessed anyway;
 * this keeps a stolen teller session from even trying at scale. The teller's lock serialises the count.
 */
export async function idForToken(deps: ServiceDeps, tellerId: string, token: string): Promise<string> {
  if (isWithdrawalToken(token)) {
    const keys = tokenKeys(deps.config.SECRET_KEY);
    return countedTellerLookup(deps, tellerId, (tx) => findTransactionIdByTokenHash(tx, tokenHash(keys, token)));
  }
  const reference = withdrawalReferenceOf(token);
  if (reference === undefined) throw notFound();
  return countedTellerLookup(deps, tellerId, (tx) => findWithdrawalIdByIdentifier(tx, reference));
}

/**
 * A teller's lookup of something only its bearer should know (a QR token, a pickup reference): a lookup that
 * finds nothing is a miss, and withdrawal tokens and pickup references share the teller's one count, so
 * guessing cannot be spread over both kinds. Over the limit every lookup is refused (429), even a right one; the teller's lock serialises it.
 */
export async function countedTellerLookup(
  deps: ServiceDeps,
  tellerId: string,
  find: (tx: Tx<Database>) => Promise<string | undefined>,
): Promise<string> {
  const { config } = deps;
  const now = deps.clock.now();
  const window = config.WITHDRAWAL_LOOKUP_WINDOW_SECONDS;
  const found = await withTransaction(deps.db, async (tx) => {
    await lockFor(tx, `withdrawal-lookup:${tellerId}`);
    const misses = await eventTimes(tx, 'withdrawal_lookup_miss', tellerId, new Date(now.getTime() - window * 1000));
    const allowed = withinLimit(misses, now, window, config.WITHDRAWAL_LOOKUP_MAX_MISSES);
    if (!allowed.allowed) return allowed;
    const id = await find(tx);
    if (id === undefined) await recordEvent(tx, 'withdrawal_lookup_miss', tellerId, now);
    return { allowed: true as const, id };
  });
  if (!found.allowed) throw tooManyRequests(found.retryAfterSeconds);
  if (found.id === undefined) throw notFound();
  return found.id;
}

/**
 * `GET /api/withdrawals/today/`: what this teller's agency paid out on the local day (withdrawals and cash
 * pickups alike: both leave its till), whoever of its tellers paid. Served by the partial index of migration 0170.
 */
export async function payoutsToday(deps: ServiceDeps, user: AuthUser, timeZone = 'UTC'): Promise<PayoutsToday> {
  const agencyId = requireBanker(user);
  const day = dayAround(deps.clock.now(), timeZone);
  const row = await sumAgencyPayouts(deps.db, agencyId, day.start, day.end);
  return { date: day.date, count: row.count, total: formatAmount(money('MAD', row.total)) };
}

/**
 * `GET /api/withdrawals/{token}/`: the teller's view of a scanned code, for their own agency only. A paid one says
 * when and by which of the agency's tellers, so the counter can answer a customer who says they got nothing.
 */
export async function lookupWithdrawal(deps: ServiceDeps, user: AuthUser, token: string): Promise<TellerWithdrawal> {
  const agencyId = requireBanker(user);
  const row = await findWithdrawalRow(deps.db, await idForToken(deps, user.id, token));
  if (!row) throw notFound();
  if (row.agency_id !== agencyId)
    throw otherAgency({
      name: row.agency_name ?? '',
      address: row.agency_address,
      zip_code: row.agency_zip_code,
      city: row.agency_city,
    });
  const shown = presentTransaction(row, { id: user.id, agencyId }, deps.clock.now(), tokenKeys(deps.config.SECRET_KEY));
  if (shown.status === 'pending' && (await senderIsFrozen(deps.db, row.id)))
    throw conflict(withdrawalMessages.notPayable);
  const paid =
    shown.status === 'validated' && row.validated_at !== null
      ? {
          at: row.validated_at.toISOString(),
          agency: row.agency_name ?? '',
          teller: await payingTellerName(deps.db, row.id),
        }
      : null;
  // The teller has the code from the customer: the reference is shown to compare with the customer's phone.
  return { ...shown, identifier: row.identifier, paid };
}

/**
 * `POST /api/withdrawals/{token}/validate/`: the teller handed the cash over. Locks the transaction row, then the
 * hold (settleHold), so two tellers at once queue and the second sees it validated (409). Without a reservation
 * it reserves and pays in one step; with one, only the teller holding it may pay. The teller's own
 * security code is checked first, outside the money transaction (a rollback must not erase a failed attempt).
 */
export async function validateWithdrawal(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  token: string,
  body: { id: string; security_code: string },
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: Transaction }> {
  const agencyId = requireBanker(user);
  const id = await idForToken(deps, user.id, token);
  if (id !== body.id) throw notFound(withdrawalMessages.idMismatch);
  await requireSecurityCode(deps, user.id, body.security_code);
  const viewer = { id: user.id, agencyId };
  // The request hash leaves the security code out: a stored hash of a 6-digit code would be brute-forced offline.
  const work = async (tx: Tx<Database>) => {
    const row = await lockTransaction(tx, id);
    if (!row || row.kind !== 'withdrawal' || row.hold_id === null) throw notFound();
    if (row.agency_id !== agencyId) throw notFound(withdrawalMessages.otherAgency);
    if (row.status === 'validated') throw conflict(withdrawalMessages.alreadyValidated);
    if (row.status === 'cancelled' || row.status === 'refunded') throw badRequest(withdrawalMessages.cancelled);
    if (row.status === 'expired') throw badRequest(withdrawalMessages.expired);
    const refused = counterRefusal(
      {
        reserved: row.reserved,
        reserved_by: row.reserved_by,
        past_expiry: row.expires_at !== null && row.expires_at <= deps.clock.now(),
        sender_frozen: await senderIsFrozen(tx, id),
      },
      user.id,
    );
    if (refused === 'held_by_other_counter') throw conflict(withdrawalMessages.heldByOtherCounter);
    if (refused === 'expired') throw badRequest(withdrawalMessages.expired);
    if (refused === 'sender_frozen') throw conflict(withdrawalMessages.notPayable);
    const cash = await findAgencyCashAccount(tx, agencyId);
    if (!cash) throw new Error(`Agency ${agencyId} has no cash account`);
    const hold = await settleHold(tx, row.hold_id, { agencyCashAccountId: cash.id, metadata: { teller: user.id } });
    if (hold.finalEntryId === null) throw new Error('settled hold without entry');
    await finishTransaction(tx, id, { status: 'validated', finalEntryId: hold.finalEntryId, validatedBy: user.id });
    await recordAudit(
      tx,
      actor,
      {
        action: 'withdrawal.pay',
        targetType: 'transaction',
        targetId: id,
        before: { status: row.status },
        after: { status: 'validated', agency: agencyId },
      },
      deps.clock.now(),
    );
    await enqueueAnchor(tx, { transactionId: id });
    const presented = await findWithdrawalRow(tx, id);
    if (!presented) throw new Error('withdrawal vanished');
    return {
      status: 200,
      body: presentTransaction(presented, viewer, deps.clock.now(), tokenKeys(deps.config.SECRET_KEY)),
    };
  };
  const result = await withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(
          tx,
          {
            scope: `withdrawals:user:${user.id}`,
            key: idempotencyKey,
            requestHash: hashRequest({ token, id: body.id }),
          },
          () => work(tx),
        ),
  );
  return result;
}
