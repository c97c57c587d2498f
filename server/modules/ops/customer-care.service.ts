import type { Transaction } from 'kysely';
import { opsMessages, type OpsTransaction } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, tooManyRequests } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { auditCountSince, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { caseOfAction, noteCaseAction } from '../cases/case-actions.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { cancelWaiting, lockCancellable } from '../transfers/cancel.service.ts';
import { findAdminTransaction } from '../transfers/index.ts';
import { lockPickupSmsToResend } from '../transfers/methods/cash-pickup/pickup-sms-resend.service.ts';
import { textRecipient, type PickupSmsFacts } from '../transfers/methods/cash-pickup/pickup-sms.ts';
import { confirmOperator } from './ops-access.ts';
import { presentOpsTransaction } from './transactions.service.ts';

/**
 * What a customer could ask of customer care about a transfer still waiting, done by an operator: cancel it for
 * them, or send its recipient the pickup SMS again. Each is the lifecycle's own rule (the customer's cancel, the
 * send's SMS), audited, and noted in the help case it was taken from.
 */

async function presentAfter(tx: Transaction<Database>, id: string, secretKey: string): Promise<OpsTransaction> {
  const row = await findAdminTransaction(tx, id);
  if (!row) throw notFound();
  return presentOpsTransaction(row, secretKey);
}

/**
 * `transactions/{id}/cancel/`: the customer's own cancel (same rules: a pending withdrawal, an unclaimed transfer,
 * an available pickup, none held at a counter), taken by an operator for them.
 *
 * Four eyes: a cancel moves the same money the same way as an operator's refund (waiting money back to the
 * sender's wallet), and the refund needs a second operator above OPS_FOUR_EYES_MAD. A cancel alone above it would
 * be the way around that control, so above the threshold it is refused and the operator is sent to the refund,
 * which asks the second operator; at or below it one operator suffices, as for the refund. The security code is
 * asked again, as for every operator action that moves money.
 *
 * A retry with the same Idempotency-Key replays the first answer; without one, the second finds the transfer
 * finished (400): the money goes back once.
 */
export async function cancelForCustomer(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string; case?: string | undefined },
  idempotencyKey: string | undefined,
): Promise<{ transaction: OpsTransaction }> {
  await confirmOperator(deps, operator, input.security_code);
  const now = deps.clock.now();
  const work = async (tx: Transaction<Database>) => {
    const cancellable = await lockCancellable(tx, input.id, now, () => true);
    const { row, outcome } = cancellable;
    if (BigInt(row.amount) > BigInt(deps.config.OPS_FOUR_EYES_MAD) * 100n)
      throw conflict(opsMessages.cancelAboveFourEyes);
    const fromCase =
      input.case === undefined
        ? undefined
        : await caseOfAction(tx, input.case, { transactionId: input.id }, operator.id);
    await cancelWaiting(tx, cancellable, { operatorId: operator.id });
    await recordAudit(
      tx,
      actor,
      {
        action: 'transaction.cancel',
        targetType: 'transaction',
        targetId: input.id,
        reason: input.reason,
        before: { status: row.status },
        after: { status: outcome, ...(fromCase && { case: fromCase.reference }) },
      },
      now,
    );
    if (fromCase)
      await noteCaseAction(
        tx,
        fromCase,
        operator.id,
        { action: 'cancel', amount: row.amount, reason: input.reason },
        now,
      );
    return { status: 200, body: { transaction: await presentAfter(tx, input.id, deps.config.SECRET_KEY) } };
  };
  const requestHash = hashRequest({ cancel: input.id, reason: input.reason, case: input.case ?? null });
  const result = await withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(tx, { scope: `ops:cancel:${operator.id}`, key: idempotencyKey, requestHash }, () => work(tx)),
  );
  return result.body;
}

/**
 * How often a pickup's SMS may be sent again in a rolling day: enough for a lost or deleted message, not a flood of
 * the recipient's phone (opsMessages.pickupSmsLimit says the number).
 */
export const PICKUP_SMS_RESENDS_PER_DAY = 3;
const DAY_MS = 86_400_000;

/**
 * `transactions/{id}/resend-pickup-sms/`: the recipient's SMS again, for a pickup that can still be collected
 * (refused when collected, cancelled, expired, or held: lockPickupSmsToResend). Each one is an audit line, and the
 * limit counts those lines under the pickup's lock, so two operators clicking at once cannot pass it. Sent after
 * commit, best effort, as at send time.
 */
export async function resendPickupSms(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; case?: string | undefined },
): Promise<{ sent: true; remaining: number }> {
  const now = deps.clock.now();
  const { facts, remaining } = await withTransaction(deps.db, async (tx) => {
    const sms: PickupSmsFacts = await lockPickupSmsToResend(tx, input.id, now, deps.config.SECRET_KEY);
    const since = new Date(now.getTime() - DAY_MS);
    const sent = await auditCountSince(tx, {
      action: 'pickup.resend_sms',
      targetType: 'transaction',
      targetId: input.id,
      since,
    });
    if (sent.count >= PICKUP_SMS_RESENDS_PER_DAY) {
      const freeAt = (sent.oldest ?? now).getTime() + DAY_MS;
      throw tooManyRequests((freeAt - now.getTime()) / 1000, opsMessages.pickupSmsLimit);
    }
    const fromCase =
      input.case === undefined
        ? undefined
        : await caseOfAction(tx, input.case, { transactionId: input.id }, operator.id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'pickup.resend_sms',
        targetType: 'transaction',
        targetId: input.id,
        // Which time within the rolling day this one is: the trail reads as the limit counts.
        after: { resent_in_day: sent.count + 1, ...(fromCase && { case: fromCase.reference }) },
      },
      now,
    );
    if (fromCase) await noteCaseAction(tx, fromCase, operator.id, { action: 'resend_pickup_sms' }, now);
    return { facts: sms, remaining: PICKUP_SMS_RESENDS_PER_DAY - sent.count - 1 };
  });
  await textRecipient(deps, facts, false);
  return { sent: true, remaining };
}
