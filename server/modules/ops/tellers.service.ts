import type { z } from 'zod';
import { isStaffRole } from '../../../common/api/auth.ts';
import type { OpsStaff, tellerAddSchema, tellerMoveSchema } from '../../../common/api/ops-people.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import { fieldError, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuditActor } from '../audit/audit.repository.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { addBanker } from '../users/bankers.service.ts';
import { lockUserRole } from '../users/staff.repository.ts';
import { makeBanker } from '../users/users.repository.ts';
import { findSignInUser, identifierLock } from '../users/users.service.ts';
import { confirmOperator } from './ops-access.ts';
import { endAccess, recordAccessChange, refuseIfMoneyLeft, requireOpenAgency } from './people.service.ts';

type AddBody = z.output<typeof tellerAddSchema>;
type MoveBody = z.output<typeof tellerMoveSchema>;

/**
 * `tellers/`: a teller at an agency, by e-mail: an existing customer with nothing left in the service is
 * promoted, an unknown address gets a new account (they sign in by a code sent there). An operator or auditor,
 * or a teller already, is refused with the reason.
 */
export async function addTeller(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  body: AddBody,
): Promise<OpsStaff> {
  await confirmOperator(deps, operator, body.security_code);
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const identifier = { kind: 'email', value: body.email } as const;
    await lockFor(tx, identifierLock(body.email));
    await requireOpenAgency(tx, body.agency);
    const existing = await findSignInUser(tx, identifier);
    if (existing?.role === 'BANKER') throw new HttpError(409, { detail: opsMessages.alreadyTeller });
    if (existing && isStaffRole(existing.role)) throw fieldError('email', opsMessages.isStaff);
    if (existing) await refuseIfMoneyLeft(tx, existing);
    const added = await addBanker(
      tx,
      deps.chain.walletAddress,
      {
        identifier,
        agencyId: body.agency,
        ...(body.first_name && { firstName: body.first_name }),
        ...(body.last_name && { lastName: body.last_name }),
      },
      now,
    );
    return recordAccessChange(tx, deps, actor, {
      action: 'teller.add',
      id: added.userId,
      reason: body.reason,
      before: existing ?? null,
    });
  });
}

async function lockTeller(tx: Parameters<typeof lockUserRole>[0], id: string) {
  const before = await lockUserRole(tx, id);
  if (!before) throw notFound();
  if (before.role !== 'BANKER') throw new HttpError(400, { detail: opsMessages.notATeller });
  return before;
}

/** `tellers/{id}/move/`: to another open agency; their next request already works for the new one. */
export async function moveTeller(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: MoveBody & { id: string },
): Promise<OpsStaff> {
  await confirmOperator(deps, operator, input.security_code);
  return withTransaction(deps.db, async (tx) => {
    const before = await lockTeller(tx, input.id);
    await requireOpenAgency(tx, input.agency);
    if (before.agency_id === input.agency) throw fieldError('agency', opsMessages.sameAgency);
    await makeBanker(tx, input.id, input.agency);
    return recordAccessChange(tx, deps, actor, { action: 'teller.move', id: input.id, reason: input.reason, before });
  });
}

/** `tellers/{id}/disable/`: no longer a teller, and their sessions end at once (endAccess). */
export async function disableTeller(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string },
): Promise<OpsStaff & { sessions_ended: number }> {
  await confirmOperator(deps, operator, input.security_code);
  return withTransaction(deps.db, async (tx) => {
    const before = await lockTeller(tx, input.id);
    return endAccess(tx, deps, actor, { action: 'teller.disable', id: input.id, reason: input.reason, before });
  });
}
