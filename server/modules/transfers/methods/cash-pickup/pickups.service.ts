import type { Transaction as Tx } from 'kysely';
import { maskTail, pickupMessages, type Pickup, type PickupReservation } from '../../../../../common/api/pickups.ts';
import type { Transaction } from '../../../../../common/api/transactions.ts';
import { formatAmount, money } from '../../../../../common/money/money.ts';
import { checkPickupReference } from '../../../../../common/pickups/reference.ts';
import type { Database } from '../../../../db/schema.ts';
import { conflict, fieldError, notFound, otherAgency } from '../../../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../../../ledger/idempotency.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import { enqueueAnchor } from '../../../anchoring/enqueue-anchor.ts';
import { recordAudit, type AuditActor } from '../../../audit/audit.service.ts';
import type { AuthUser } from '../../../auth/authenticate.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { findHistoryRow } from '../../transactions-query.repository.ts';
import { presentTransaction } from '../../transactions.presenter.ts';
import { requireSecurityCode } from '../../../users/security-code.service.ts';
import { tokenKeys } from '../agency-withdrawal/withdrawal-token.ts';
import { auditedHold } from '../agency-withdrawal/withdrawal-reservation.service.ts';
import { countedTellerLookup, requireBanker } from '../agency-withdrawal/withdrawals.service.ts';
import { counterRefusal } from '../../exit-guards.ts';
import { payOutPickup } from './pickup-money.ts';
import { rescreenStalePickup } from './pickup-screening.ts';
import { pickupKeys, referenceHash, sealIdDocument } from './pickup-secrets.ts';
import {
  findPickup,
  findPickupIdByReference,
  lockPickup,
  markCollected,
  recordIdDocument,
  releasePickupRow,
  reservePickupRow,
  type PickupRow,
} from './pickups.repository.ts';

/**
 * The teller's side of a cash pickup: look a reference up, reserve it while the ID is checked, pay
 * it out once. A reference is refused on its shape or check digit before any lookup (400, not a
 * miss); a well-formed one that names nothing is a miss of the teller's lookup limit, shared with QR tokens.
 */

interface Resolved {
  agencyId: string;
  id: string;
  reference: string;
}

/** The pickup a typed reference names, for a teller (the shape and check digit first, then a counted lookup). */
export async function resolvePickupReference(deps: ServiceDeps, user: AuthUser, typed: string): Promise<Resolved> {
  const agencyId = requireBanker(user);
  const check = checkPickupReference(typed);
  if (!check.ok)
    throw fieldError(
      'reference',
      check.reason === 'format' ? pickupMessages.referenceFormat : pickupMessages.checkDigit,
    );
  const hash = referenceHash(pickupKeys(deps.config.SECRET_KEY), check.reference);
  const id = await countedTellerLookup(deps, user.id, (tx) => findPickupIdByReference(tx, hash));
  return { agencyId, id, reference: check.reference };
}

/** Restricted to another agency: the same 404 as another agency's withdrawal, naming the agency that pays it. */
function requireAgency(row: PickupRow, agencyId: string): void {
  if (row.restricted_agency_id !== null && row.restricted_agency_id !== agencyId)
    throw otherAgency({
      name: row.agency_name ?? '',
      address: row.agency_address,
      zip_code: row.agency_zip_code,
      city: row.agency_city,
    });
}

function present(row: PickupRow, now: Date): Pickup {
  const available = row.status === 'available';
  const expired = available && row.expires_at !== null && row.expires_at <= now;
  // Held for a review, or its sender frozen: only that it cannot be paid out, never why.
  const notPayable = row.status === 'on_hold' || (available && !expired && row.sender_frozen);
  const waiting = available && !notPayable;
  return {
    id: Number(row.id),
    amount: formatAmount(money('MAD', BigInt(row.amount))),
    currency: 'MAD',
    status: expired ? 'expired' : notPayable ? 'not_payable' : (row.status as Pickup['status']),
    recipient_first_name: row.recipient_first_name,
    recipient_last_name: row.recipient_last_name,
    recipient_phone_number: maskTail(row.recipient_phone_number ?? ''),
    sender_first_name: row.sender_first_name,
    sender_last_name: row.sender_last_name,
    expires_at: waiting && !expired ? (row.expires_at?.toISOString() ?? null) : null,
    agency:
      row.restricted_agency_id === null
        ? null
        : { id: Number(row.restricted_agency_id), name: row.agency_name ?? '', city: row.agency_city },
    reserved_until: waiting && row.reserved ? (row.reserved_until?.toISOString() ?? null) : null,
    paid:
      row.status === 'collected' && row.validated_at !== null
        ? {
            at: row.validated_at.toISOString(),
            agency: row.paid_agency_name ?? '',
            teller: [row.paid_by_first_name, row.paid_by_last_name].filter(Boolean).join(' ') || null,
          }
        : null,
  };
}

/** `GET /api/pickups/{reference}/`. */
export async function lookupPickup(deps: ServiceDeps, user: AuthUser, typed: string): Promise<Pickup> {
  const { agencyId, id } = await resolvePickupReference(deps, user, typed);
  const row = await findPickup(deps.db, id);
  if (!row) throw notFound();
  requireAgency(row, agencyId);
  return present(row, deps.clock.now());
}

/** Why a pickup cannot be reserved or paid by this teller now (null: it can). */
function refusal(row: PickupRow, tellerId: string) {
  if (row.status === 'on_hold') return conflict(pickupMessages.notPayable);
  if (row.status === 'collected') return conflict(pickupMessages.alreadyCollected);
  if (row.status === 'cancelled') return conflict(pickupMessages.cancelled);
  if (row.status === 'refunded') return conflict(pickupMessages.refunded);
  if (row.status === 'expired') return conflict(pickupMessages.expired);
  const refused = counterRefusal(row, tellerId);
  if (refused === 'held_by_other_counter') return conflict(pickupMessages.heldByOtherCounter);
  if (refused === 'expired') return conflict(pickupMessages.expired);
  if (refused === 'sender_frozen') return conflict(pickupMessages.notPayable);
  return null;
}

/** `POST /api/pickups/{reference}/reserve/`: held for this teller for PAYOUT_RESERVATION_SECONDS. */
export async function reservePickup(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  typed: string,
): Promise<PickupReservation> {
  const { agencyId, id } = await resolvePickupReference(deps, user, typed);
  await rescreenStalePickup(deps, id);
  const until = await auditedHold(deps, actor, 'pickup.reserve', id, (tx) =>
    reservePickupRow(tx, { id, agencyId, tellerId: user.id, seconds: deps.config.PAYOUT_RESERVATION_SECONDS }),
  );
  if (until) return { id: Number(id), reserved_until: until.toISOString() };
  const row = await findPickup(deps.db, id);
  if (!row) throw notFound();
  requireAgency(row, agencyId);
  // The row changed between the two statements (the other reservation just lapsed): the teller retries.
  throw refusal(row, user.id) ?? conflict(pickupMessages.heldByOtherCounter);
}

/** `POST /api/pickups/{reference}/release/`: no cash handed over; the pickup is free for any counter again. */
export async function releasePickup(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  typed: string,
): Promise<PickupReservation> {
  const { agencyId, id } = await resolvePickupReference(deps, user, typed);
  const released = await auditedHold(deps, actor, 'pickup.release', id, async (tx) =>
    (await releasePickupRow(tx, { id, tellerId: user.id })) ? null : undefined,
  );
  if (released === null) return { id: Number(id), reserved_until: null };
  const row = await findPickup(deps.db, id);
  if (!row) throw notFound();
  requireAgency(row, agencyId);
  if (row.reserved && row.reserved_by !== user.id) throw conflict(pickupMessages.heldByOtherCounter);
  return { id: Number(id), reserved_until: null };
}

export interface PayPickupBody {
  security_code: string;
  id_document_type: 'national_id' | 'passport' | 'residence_permit';
  id_document_number: string;
  recipient_name_matches: true;
}

/**
 * `POST /api/pickups/{reference}/pay/`: the teller checked the ID and hands the cash over. The teller's code is
 * checked first, in its own transaction (a failed attempt survives our rollback); then the row lock decides: two
 * tellers at once queue on it and the second sees it collected (409). Without a reservation it reserves and pays
 * in one step; with another teller's live reservation it is refused.
 */
export async function payPickup(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  typed: string,
  body: PayPickupBody,
  idempotencyKey: string | undefined,
): Promise<Transaction> {
  const { agencyId, id, reference } = await resolvePickupReference(deps, user, typed);
  await requireSecurityCode(deps, user.id, body.security_code);
  // The name the ID carries (the teller confirmed it matches), against lists imported since it was last screened.
  await rescreenStalePickup(deps, id);
  const keys = pickupKeys(deps.config.SECRET_KEY);
  const viewer = { id: user.id, agencyId };
  // The sender's 'collected' notification is written with the payout (the timeline's trigger, migration 0240).
  const work = async (tx: Tx<Database>) => {
    const row = await lockPickup(tx, id);
    if (!row) throw notFound();
    requireAgency(row, agencyId);
    const refused = refusal(row, user.id);
    if (refused) throw refused;
    const entryId = await payOutPickup(tx, row, { agencyId, tellerId: user.id });
    await markCollected(tx, id, { agencyId, tellerId: user.id, finalEntryId: entryId });
    await recordIdDocument(tx, id, {
      type: body.id_document_type,
      sealed: sealIdDocument(keys, body.id_document_number),
      hint: body.id_document_number.slice(-2),
    });
    // The ID number stays sealed: the audit line names its type only.
    await recordAudit(
      tx,
      actor,
      {
        action: 'pickup.pay',
        targetType: 'transaction',
        targetId: id,
        before: { status: row.status },
        after: { status: 'collected', agency: agencyId, id_document_type: body.id_document_type },
      },
      deps.clock.now(),
    );
    await enqueueAnchor(tx, { transactionId: id });
    const presented = await findHistoryRow(tx, viewer, id);
    if (!presented) throw new Error('collected pickup not visible to its teller');
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
          // Neither the code nor the ID number goes into the stored hash (both would be guessed offline).
          { scope: `pickups:user:${user.id}`, key: idempotencyKey, requestHash: hashRequest({ pay: reference }) },
          () => work(tx),
        ),
  );
  return result.body;
}
