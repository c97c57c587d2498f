import {
  caseMessages,
  type CaseKind,
  type CaseState,
  type OpsCase,
  type OpsCaseMessageBody,
  type OpsCaseStateBody,
  type OpsCaseSummary,
} from '../../../common/api/cases.ts';
import { formatAmount, isCurrency, money } from '../../../common/money/money.ts';
import type { Config } from '../../config.ts';
import { conflict, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { HOUR_SECONDS } from '../auth/sliding-window.ts';
import { notify } from '../notifications/notify.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { cannedReplies } from './canned-replies.ts';
import {
  caseMessages as threadOf,
  findCase,
  findTransfer,
  insertMessage,
  lockCase,
  queuePage,
  updateCase,
  type CaseRow,
} from './cases.repository.ts';
import { presentMessage, presentSummary } from './case-thread.ts';

/** Help cases, the operators' side (ADR 025): the queue against its target times, answers, notes, states. */

// Operators

/** The target time to a first answer of a kind of case (CASE_TARGET_HOURS_*). */
export function targetHours(config: Config, kind: CaseKind): number {
  const targets: Record<CaseKind, number> = {
    not_received: config.CASE_TARGET_HOURS_NOT_RECEIVED,
    wrong_details: config.CASE_TARGET_HOURS_WRONG_DETAILS,
    cannot_collect: config.CASE_TARGET_HOURS_CANNOT_COLLECT,
    not_credited: config.CASE_TARGET_HOURS_NOT_CREDITED,
    account: config.CASE_TARGET_HOURS_ACCOUNT,
    other: config.CASE_TARGET_HOURS_OTHER,
  };
  return targets[kind];
}

/**
 * Late: no operator answer yet and past the kind's target. An answered case is never late; a case the customer
 * wrote in again after the first answer is not measured again (the target is to a first answer).
 */
export function lateness(
  config: Config,
  row: Pick<CaseRow, 'kind' | 'created_at' | 'first_answer_at' | 'state'>,
  now: Date,
) {
  const due = new Date(row.created_at.getTime() + targetHours(config, row.kind) * HOUR_SECONDS * 1000);
  const late = row.first_answer_at === null && row.state !== 'resolved' && now.getTime() > due.getTime();
  return { due_at: due.toISOString(), late };
}

function presentOpsSummary(config: Config, row: CaseRow, now: Date): OpsCaseSummary {
  return {
    ...presentSummary(row),
    customer: { id: Number(row.user_id), name: row.customer_name, language: row.customer_language },
    assigned_to: row.assigned_to === null ? null : { id: Number(row.assigned_to), name: row.assigned_name ?? '' },
    first_answer_at: row.first_answer_at?.toISOString() ?? null,
    ...lateness(config, row, now),
  };
}

/** `GET /api/ops/cases/`: the queue, oldest first, filtered by state and kind. */
export async function casesQueue(
  deps: ServiceDeps,
  filters: { state?: CaseState | undefined; kind?: CaseKind | undefined },
  page: number,
  pageSize: number,
): Promise<{ count: number; results: OpsCaseSummary[] }> {
  const { count, rows } = await queuePage(deps.db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  const now = deps.clock.now();
  return { count, results: rows.map((row) => presentOpsSummary(deps.config, row, now)) };
}

/** `GET /api/ops/cases/{id}/`: the whole thread, internal notes included, and the transfer's status. */
export async function opsCase(deps: ServiceDeps, id: string): Promise<OpsCase> {
  const row = await findCase(deps.db, id);
  if (!row) throw notFound();
  const [messages, transfer] = await Promise.all([
    threadOf(deps.db, id, true),
    row.transaction_id === null ? undefined : findTransfer(deps.db, row.transaction_id),
  ]);
  return {
    ...presentOpsSummary(deps.config, row, deps.clock.now()),
    messages: messages.map((m) => ({ ...presentMessage(m), internal: m.internal, author_name: m.author_name })),
    transfer: transfer
      ? {
          id: Number(transfer.id),
          kind: transfer.kind,
          status: transfer.status,
          // Stored in minor units; the API writes amounts as decimals ('40.00'), as the screens read them.
          amount: isCurrency(transfer.currency)
            ? formatAmount(money(transfer.currency, BigInt(transfer.amount)))
            : transfer.amount,
          currency: transfer.currency,
        }
      : null,
    canned_replies: cannedReplies(row.kind, row.customer_language),
  };
}

/**
 * `POST /api/ops/cases/{id}/messages/`: an operator's answer or internal note. An answer makes the case `answered`
 * (the first one stops the clock of the target time), takes an unassigned case for its author, and notifies the
 * customer; a note changes nothing the customer can see.
 */
export async function addOperatorMessage(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  id: string,
  body: OpsCaseMessageBody,
): Promise<OpsCase> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await lockCase(tx, id);
    const row = await findCase(tx, id);
    if (!row) throw notFound();
    await insertMessage(tx, {
      caseId: id,
      author: 'operator',
      userId: operator.id,
      body: body.message,
      internal: body.internal,
      at: now,
    });
    if (!body.internal) {
      await updateCase(tx, id, {
        state: 'answered',
        resolved_at: null,
        ...(row.first_answer_at === null && { first_answer_at: now }),
        ...(row.assigned_to === null && { assigned_to: operator.id }),
      });
      await notify(tx, {
        userId: row.user_id,
        kind: 'case_answered',
        transactionId: null,
        params: { reference: row.reference },
      });
    }
    await recordAudit(
      tx,
      actor,
      {
        action: body.internal ? 'case.note' : 'case.answer',
        targetType: 'case',
        targetId: id,
        after: { internal: body.internal, state: body.internal ? row.state : 'answered' },
      },
      now,
    );
  });
  return opsCase(deps, id);
}

/** `POST /api/ops/cases/{id}/state/`: any state but the one it is in, with the reason in the audit. */
export async function changeCaseState(
  deps: ServiceDeps,
  actor: AuditActor,
  id: string,
  body: OpsCaseStateBody,
): Promise<OpsCase> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await lockCase(tx, id);
    const row = await findCase(tx, id);
    if (!row) throw notFound();
    if (row.state === body.state) throw conflict(caseMessages.sameState);
    await updateCase(tx, id, { state: body.state, resolved_at: body.state === 'resolved' ? now : null });
    await recordAudit(
      tx,
      actor,
      {
        action: 'case.state',
        targetType: 'case',
        targetId: id,
        reason: body.reason,
        before: { state: row.state },
        after: { state: body.state },
      },
      now,
    );
  });
  return opsCase(deps, id);
}

/** `POST /api/ops/cases/{id}/assign/`: the calling operator takes the case (from no one or from a colleague). */
export async function takeCase(deps: ServiceDeps, operator: AuthUser, actor: AuditActor, id: string): Promise<OpsCase> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await lockCase(tx, id);
    const row = await findCase(tx, id);
    if (!row) throw notFound();
    await updateCase(tx, id, { assigned_to: operator.id });
    await recordAudit(
      tx,
      actor,
      {
        action: 'case.assign',
        targetType: 'case',
        targetId: id,
        before: { assigned_to: row.assigned_to === null ? null : Number(row.assigned_to) },
        after: { assigned_to: Number(operator.id) },
      },
      now,
    );
  });
  return opsCase(deps, id);
}
