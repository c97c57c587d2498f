import type { AuditAction } from '../../../../../common/api/audit-actions.ts';
import type { Kysely } from 'kysely';
import { withdrawalMessages, type WithdrawalReservation } from '../../../../../common/api/withdrawals.ts';
import { badRequest, conflict, notFound } from '../../../../http/http-error.ts';
import { withTransaction } from '../../../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../../../audit/audit.service.ts';
import type { Database } from '../../../../db/schema.ts';
import type { AuthUser } from '../../../auth/authenticate.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import { releaseRow, reservationState, reserveRow } from './withdrawal-reservations.repository.ts';
import { idForToken, requireBanker } from './withdrawals.service.ts';

/**
 * The teller's hold on a withdrawal while the cash is counted: reserved before any cash leaves
 * the till, so the customer's cancel, a second teller with a copy of the QR and the expiry sweep cannot end the
 * same withdrawal while it is paid out. Lasts PAYOUT_RESERVATION_SECONDS; the same teller may renew or release it.
 */

/**
 * A teller's hold taken (the date it lasts until) or ended (null), with its audit line in the same transaction, so
 * the counter's actions are in the trail like an operator's; `undefined` changed nothing and writes no line.
 */
export async function auditedHold(
  deps: ServiceDeps,
  actor: AuditActor,
  action: AuditAction,
  id: string,
  change: (tx: Kysely<Database>) => Promise<Date | null | undefined>,
): Promise<Date | null | undefined> {
  return withTransaction(deps.db, async (tx) => {
    const until = await change(tx);
    if (until === undefined) return undefined;
    const after = { reserved_until: until === null ? null : until.toISOString() };
    await recordAudit(tx, actor, { action, targetType: 'transaction', targetId: id, after }, deps.clock.now());
    return until;
  });
}

async function tellerAndId(deps: ServiceDeps, user: AuthUser, token: string, bodyId: string) {
  const agencyId = requireBanker(user);
  const id = await idForToken(deps, user.id, token);
  if (id !== bodyId) throw notFound(withdrawalMessages.idMismatch);
  return { agencyId, id };
}

/** `POST /api/withdrawals/{token}/reserve/`: 200 with reserved_until, or why not (same wording as validate). */
export async function reserveForPayout(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  token: string,
  body: { id: string },
): Promise<WithdrawalReservation> {
  const { agencyId, id } = await tellerAndId(deps, user, token, body.id);
  const until = await auditedHold(deps, actor, 'withdrawal.reserve', id, (tx) =>
    reserveRow(tx, { id, agencyId, tellerId: user.id, seconds: deps.config.PAYOUT_RESERVATION_SECONDS }),
  );
  if (until) return { id: Number(id), reserved_until: until.toISOString() };
  // Refused: say why. The refusal itself was decided by the conditional UPDATE above.
  const state = await reservationState(deps.db, id, user.id);
  if (!state) throw notFound();
  if (state.agency_id !== agencyId) throw notFound(withdrawalMessages.otherAgency);
  if (state.status === 'validated') throw conflict(withdrawalMessages.alreadyValidated);
  if (state.status === 'cancelled' || state.status === 'refunded') throw badRequest(withdrawalMessages.cancelled);
  if (state.status === 'expired' || state.past_expiry) throw badRequest(withdrawalMessages.expired);
  if (state.sender_frozen) throw conflict(withdrawalMessages.notPayable);
  if (state.held_by_other) throw conflict(withdrawalMessages.heldByOtherCounter);
  // The row changed between the two statements (e.g. the other reservation just lapsed): the teller retries.
  throw conflict(withdrawalMessages.heldByOtherCounter);
}

/**
 * `POST /api/withdrawals/{token}/release/`: the teller gives the withdrawal back (no cash handed over). Releasing
 * what this teller does not hold changes nothing and answers the same, unless another counter holds it (409).
 */
export async function releasePayout(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  token: string,
  body: { id: string },
): Promise<WithdrawalReservation> {
  const { agencyId, id } = await tellerAndId(deps, user, token, body.id);
  const released = await auditedHold(deps, actor, 'withdrawal.release', id, async (tx) =>
    (await releaseRow(tx, { id, agencyId, tellerId: user.id })) ? null : undefined,
  );
  if (released === null) return { id: Number(id), reserved_until: null };
  const state = await reservationState(deps.db, id, user.id);
  if (!state) throw notFound();
  if (state.agency_id !== agencyId) throw notFound(withdrawalMessages.otherAgency);
  if (state.held_by_other) throw conflict(withdrawalMessages.heldByOtherCounter);
  return { id: Number(id), reserved_until: null };
}
