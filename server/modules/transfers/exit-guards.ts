import { sql, type Expression, type RawBuilder, type Transaction } from 'kysely';
import { transactionMessages } from '../../../common/api/transactions.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import { formatAmount, parseAmount, type Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, fieldError, forbidden } from '../../http/http-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { isSenderFrozen, refuseIfFrozen, senderFrozen as frozenSender } from '../auth/frozen.ts';
import { recoveryMessages } from '../../../common/api/messages.ts';
import type { HoldKind } from '../sanctions/sanctions-hold.ts';
import { takeLimit } from '../compliance/limits.ts';
import { screenRecipient, type RecipientScreening } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';

/**
 * The checks every exit of money toward a person passes, in one place. Money leaves a wallet by a send (to a
 * wallet, to wait for a registration, to an agency's QR withdrawal, to a cash pickup) and reaches the person by a
 * payout at a counter (withdrawal, pickup), a claim, or the release of a hold for review. Each exit calls here:
 *
 *   exit                 frozen sender          reservation at a counter  sanctions clearance          limits
 *   send                 refuseFrozenSender     -                         screenPayee (a hit holds)    checkSendBounds, takeSendLimit
 *   withdrawal payout    counterRefusal         counterRefusal            the sender's own screening   taken at the send
 *   pickup payout        counterRefusal         counterRefusal            the name on the ID, again    taken at the send
 *                                                                        when the lists changed
 *                                                                        (rescreenStalePickup)
 *   release of a hold    refuseReleaseWhileFrozen  -                      the review is the clearance  taken at the send
 *   claim                none here: the recipient was screened at the send, and the limit taken then; the claim
 *                        happens once (at registration or when the identifier is proved), so refusing it for a
 *                        frozen sender would leave the money unclaimed until it expires, even after the freeze
 *
 * An account recovery (ADR 026) adds two conditions. While one waits for its decision nothing leaves the account:
 * a send is refused (refuseDuringRecovery) and the counters read the sender as frozen (senderFrozen below). For the
 * cooling-off after an approval, a send above RECOVERY_HOLD_THRESHOLD_MAD is held and delivered by the sweep once
 * RECOVERY_HOLD_SECONDS have passed (coolingOffApplies, COOLING_OFF_HOLD); cash above it is refused until the end.
 *
 * The one round trip of a send to a registered recipient (wallet_send(), server/db/sql) repeats the frozen sender,
 * the bounds and the rolling limit in SQL, and leaves to this general path a recipient not screened or held.
 * The SQL predicate senderFrozen serves the counters' lookups and conditional reservations, so a teller's screen
 * and the payout read the same rule.
 */

/**
 * SQL: the sender may not be paid out at a counter now: frozen, or their account recovery waits for its decision
 * (recovery_pending_until, read at the database's clock).
 */
export function senderFrozen(senderId: Expression<string | null>): RawBuilder<boolean> {
  return sql<boolean>`(${frozenSender(senderId)} OR EXISTS (SELECT 1 FROM users recovering_sender
                        WHERE recovering_sender.id = ${senderId} AND recovering_sender.recovery_pending_until > now()))`;
}

/** A send: a frozen customer moves no money (read from the authenticated user row, no extra query). */
export function refuseFrozenSender(user: AuthUser): void {
  refuseIfFrozen(user);
}

/** A send while the sender's account recovery waits for its decision: refused (read from the authenticated row). */
export function refuseDuringRecovery(
  deps: Pick<ServiceDeps, 'clock'>,
  user: Pick<AuthUser, 'recoveryPendingUntil'>,
): void {
  if (recoveryPending(deps, user)) throw forbidden(recoveryMessages.pending);
}

/** Whether an account recovery is waiting for its codes, documents or decision: no money leaves meanwhile. */
export function recoveryPending(
  deps: Pick<ServiceDeps, 'clock'>,
  user: Pick<AuthUser, 'recoveryPendingUntil'>,
): boolean {
  const until = user.recoveryPendingUntil ?? null;
  return until !== null && until > deps.clock.now();
}

/** How a send in the cooling-off after an account recovery waits: its ledger kind and its on_hold step's reason. */
export const COOLING_OFF_HOLD: HoldKind = { entryKind: 'cooling_off_hold', reason: 'cooling_off' };

/**
 * Whether a send of `minor` falls under the cooling-off after an approved account recovery: above
 * RECOVERY_HOLD_THRESHOLD_MAD while it lasts. A wallet send is then held (COOLING_OFF_HOLD) and the sweep sends it
 * on after RECOVERY_HOLD_SECONDS; cash has no such delay to offer, so it is refused (refuseCashInCoolingOff).
 */
export function coolingOffApplies(
  deps: Pick<ServiceDeps, 'clock' | 'config'>,
  user: Pick<AuthUser, 'recoveryCoolingUntil'>,
  minor: bigint,
): boolean {
  const until = user.recoveryCoolingUntil ?? null;
  if (until === null || until <= deps.clock.now()) return false;
  return minor > wholeMad(deps.config.RECOVERY_HOLD_THRESHOLD_MAD).minor;
}

/** A cash withdrawal or pickup above the threshold during the cooling-off: a 403 until the period ends. */
export function refuseCashInCoolingOff(deps: Pick<ServiceDeps, 'clock' | 'config'>, user: AuthUser, minor: bigint) {
  if (coolingOffApplies(deps, user, minor)) throw forbidden(recoveryMessages.coolingOff);
}

function wholeMad(units: number): Money<'MAD'> {
  const parsed = parseAmount(String(units), 'MAD');
  if (!parsed.ok) throw new Error(`invalid configured MAD limit ${units}`);
  return parsed.value;
}

/** A send's per-operation bounds: TRANSFER_MIN_MAD..TRANSFER_MAX_MAD, configured in whole dirhams. */
export const sendBounds = (deps: Pick<ServiceDeps, 'config'>) => ({
  min: wholeMad(deps.config.TRANSFER_MIN_MAD),
  max: wholeMad(deps.config.TRANSFER_MAX_MAD),
});

/** A send outside its per-operation bounds: a 400 on `amount`. */
export function checkSendBounds(deps: ServiceDeps, minor: bigint): void {
  const { min, max } = sendBounds(deps);
  if (minor < min.minor) throw fieldError('amount', transactionMessages.belowMinimum(formatAmount(min)));
  if (minor > max.minor) throw fieldError('amount', transactionMessages.aboveMaximum(formatAmount(max)));
}

/** A send counted against its sender's rolling and per-operation limits, under the sender's row lock. */
export async function takeSendLimit(tx: Transaction<Database>, deps: ServiceDeps, userId: string, minor: bigint) {
  await takeLimit(tx, userId, 'outgoing', minor, deps.clock.now());
}

/** The payee against the sanctions lists in force, before any money moves (a hit holds the money for review). */
export function screenPayee(deps: ServiceDeps, contactId: string): Promise<RecipientScreening> {
  return screenRecipient(deps, contactId, { reviewHit: false });
}

/** Why a counter may not pay this out now: another counter's reservation, past its expiry, or a frozen sender. */
export type CounterRefusal = 'held_by_other_counter' | 'expired' | 'sender_frozen';

/**
 * A payout at a counter, under the transaction's row lock. A reservation keeps other counters off the row; this
 * teller's own live reservation outlives the expiry (the ID check started in time); a frozen sender's cash is not
 * payable while the freeze lasts, even under a reservation taken before it. Each method words the refusal.
 */
export function counterRefusal(
  row: { reserved: boolean; reserved_by: string | null; past_expiry: boolean; sender_frozen: boolean },
  tellerId: string,
): CounterRefusal | null {
  const mine = row.reserved && row.reserved_by === tellerId;
  if (row.reserved && !mine) return 'held_by_other_counter';
  if (!mine && row.past_expiry) return 'expired';
  if (row.sender_frozen) return 'sender_frozen';
  return null;
}

/** Whether the sender of transaction `id` is frozen now (for a payout that already locked the row). */
export const senderIsFrozen = isSenderFrozen;

/**
 * The release of money held for a review (a sanctions false positive, a monitoring hold let go) sends it on to
 * its recipient: refused while the sender is frozen, so the money stays held and the review open until the
 * freeze is lifted. Caller holds the transaction's row lock.
 */
export async function refuseReleaseWhileFrozen(tx: Transaction<Database>, id: string): Promise<void> {
  if (await isSenderFrozen(tx, id)) throw conflict(opsMessages.accountFrozen);
}
