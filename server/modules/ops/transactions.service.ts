import type { Transaction } from 'kysely';
import {
  opsMessages,
  type Approval,
  type OpsTransaction,
  type OpsTransactionDetail,
  type OpsTransactionsQuery,
} from '../../../common/api/ops.ts';
import { readCounterReference } from '../../../common/counter/counter-reference.ts';
import { formatAmount } from '../../../common/money/money.ts';
import { groupPickupReference } from '../../../common/pickups/reference.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { auditEntries, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { caseOfAction, noteCaseAction } from '../cases/case-actions.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { reviewsPage } from '../reviews/reviews.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { openReference, pickupKeys, referenceHash } from '../transfers/methods/cash-pickup/pickup-secrets.ts';
import { lockRefundable, refundableState, refundWaiting } from '../transfers/refund.service.ts';
import {
  findAdminTransaction,
  listAdminTransactions,
  transactionPostings,
  type AdminTransactionRow,
} from '../transfers/index.ts';
import {
  decideApproval,
  expireApprovals,
  findApproval,
  findPendingApproval,
  insertApproval,
  listApprovals,
  lockApproval,
} from './approvals.repository.ts';
import { refuseUnfitApprover } from './approval-rules.ts';
import { presentApproval } from './approvals.present.ts';
import { confirmOperator } from './ops-access.ts';
import { applyApprovedRates, RATES_APPROVAL_KIND } from './rates.service.ts';
import { applyStaffApproval, isStaffApprovalKind } from './staff-approvals.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const mad = (minor: string | bigint) => formatAmount({ currency: 'MAD', minor: BigInt(minor) });
const party = (id: string | null, name: string | null) => (id === null ? null : { id: Number(id), name: name ?? '' });
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The reference a person reads out for this transaction: a withdrawal's as on its customer's phone, a cash
 * pickup's as in its SMS (opened with the pickups' key), else the stored one.
 */
function referenceOf(row: AdminTransactionRow, secretKey: string): string | null {
  if (row.kind === 'withdrawal' && row.identifier !== null) return row.identifier;
  if (row.kind === 'pickup' && row.pickup_reference_sealed !== null) {
    const opened = openReference(pickupKeys(secretKey), row.pickup_reference_sealed);
    return opened === null ? null : groupPickupReference(opened);
  }
  return row.reference;
}

export function presentOpsTransaction(row: AdminTransactionRow, secretKey: string): OpsTransaction {
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    amount: mad(row.amount),
    currency: 'MAD',
    sender: party(row.sender_user_id, row.sender_name),
    recipient: party(row.recipient_user_id, row.recipient_name),
    recipient_name: row.recipient_user_id === null ? row.recipient_name : null,
    recipient_phone_number: row.recipient_phone_number,
    recipient_email: row.recipient_email,
    agency: party(row.agency_id, row.agency_name),
    reference: referenceOf(row, secretKey),
    created_at: row.created_at.toISOString(),
    expires_at: iso(row.expires_at),
    finished_at: iso(row.finished_at),
    refundable: refundableState(row) === 'ok',
  };
}

export async function transactionsPage(deps: ServiceDeps, q: OpsTransactionsQuery) {
  // What a person reads out: a withdrawal reference with or without dashes, a pickup reference with or
  // without spaces; each is looked up in its stored form, beside the plain text search.
  const spelled = q.search === undefined ? undefined : readCounterReference(q.search);
  const { count, rows } = await listAdminTransactions(
    deps.db,
    {
      search: q.search,
      withdrawalIdentifier: spelled?.kind === 'withdrawal' ? spelled.value : undefined,
      pickupReferenceHash:
        spelled?.kind === 'pickup' ? referenceHash(pickupKeys(deps.config.SECRET_KEY), spelled.value) : undefined,
      kind: q.kind,
      status: q.status,
      from: q.start_date === undefined ? undefined : dayStart(q.start_date),
      // Inclusive end day, as the screens' date pickers mean it.
      before: q.end_date === undefined ? undefined : new Date(dayStart(q.end_date).getTime() + 86_400_000),
      amountGte: q.amount_gte?.minor,
      amountLte: q.amount_lte?.minor,
      agency: q.agency,
      user: q.customer,
    },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
  );
  return { count, results: rows.map((row) => presentOpsTransaction(row, deps.config.SECRET_KEY)) };
}

export async function transactionDetail(deps: ServiceDeps, id: string): Promise<OpsTransactionDetail> {
  const row = await findAdminTransaction(deps.db, id);
  if (!row) throw notFound();
  const [postings, audit, pending, reviews] = await Promise.all([
    transactionPostings(deps.db, id),
    auditEntries(deps.db, { target_type: 'transaction', target_id: id }, { limit: 50, offset: 0 }),
    findPendingApproval(deps.db, 'refund', { type: 'transaction', id }, deps.clock.now()),
    reviewsPage(deps, { subject: `transaction:${id}` }, 1, 20),
  ]);
  const entries: OpsTransactionDetail['entries'] = [];
  for (const p of postings) {
    let entry = entries.at(-1);
    if (entry?.id !== Number(p.entry_id)) {
      entry = {
        id: Number(p.entry_id),
        kind: p.entry_kind,
        created_at: p.entry_created_at.toISOString(),
        metadata: p.metadata,
        postings: [],
      };
      entries.push(entry);
    }
    entry.postings.push({
      account: Number(p.account_id),
      account_kind: p.account_kind,
      owner: p.owner_user_id === null ? null : Number(p.owner_user_id),
      owner_name: p.owner_name,
      agency: p.account_agency_id === null ? null : Number(p.account_agency_id),
      currency: p.currency,
      amount: formatAmount({ currency: p.currency as 'MAD', minor: BigInt(p.amount) }),
    });
  }
  const timeline: OpsTransactionDetail['timeline'] = [
    {
      at: row.created_at.toISOString(),
      event: 'created',
      by: row.sender_user_id === null ? null : Number(row.sender_user_id),
      by_name: row.sender_name,
    },
  ];
  // A held transaction's hold, from its review (the sender's own timeline says only 'under review').
  for (const review of reviews.results.slice().reverse())
    timeline.push({ at: review.created_at, event: 'on_hold', by: null, by_name: null });
  if (row.validated_at)
    timeline.push({
      at: row.validated_at.toISOString(),
      event: 'validated',
      by: Number(row.validated_by),
      by_name: audit.entries.find((line) => line.actor === Number(row.validated_by))?.actor_name ?? null,
    });
  else if (row.finished_at)
    timeline.push({ at: row.finished_at.toISOString(), event: row.status, by: null, by_name: null });
  for (const line of audit.entries.slice().reverse())
    timeline.push({ at: line.created_at, event: line.action, by: line.actor, by_name: line.actor_name });
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  const pendingRefund = pending && {
    approval: Number(pending.id),
    requested_by: Number(pending.requested_by),
    requested_by_name: pending.requested_by_name,
    requested_at: pending.requested_at.toISOString(),
    expires_at: pending.expires_at.toISOString(),
  };
  return {
    ...presentOpsTransaction(row, deps.config.SECRET_KEY),
    entries,
    timeline,
    reviews: reviews.results.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      created_at: r.created_at,
      decided_at: r.decided_at,
      decided_by_name: r.decided_by_name,
      reason: r.reason,
    })),
    events: audit.entries,
    pending_refund: pendingRefund ?? null,
  };
}

async function presentAfter(tx: Transaction<Database>, id: string, secretKey: string): Promise<OpsTransaction> {
  const row = await findAdminTransaction(tx, id);
  if (!row) throw notFound();
  return presentOpsTransaction(row, secretKey);
}

type RefundAnswer = { refunded: true; transaction: OpsTransaction } | { refunded: false; approval: Approval };

/**
 * `transactions/{id}/refund/`: money still waiting goes back to the sender (a ledger entry, under the row lock).
 * Above OPS_FOUR_EYES_MAD it becomes a request another operator approves (202). An Idempotency-Key replays the
 * first answer; without one, a second refund finds the transaction finished (409): never two refunds.
 */
export async function refundTransaction(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string; case?: string | undefined },
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: RefundAnswer }> {
  await confirmOperator(deps, operator, input.security_code);
  const now = deps.clock.now();
  await expireApprovals(deps.db, now);
  const work = async (tx: Transaction<Database>): Promise<{ status: number; body: RefundAnswer }> => {
    const row = await lockRefundable(tx, input.id);
    const amount = BigInt(row.amount);
    // Taken from a help case about this transfer: the audit line names the case, whose thread keeps a note.
    const fromCase =
      input.case === undefined
        ? undefined
        : await caseOfAction(tx, input.case, { transactionId: input.id }, operator.id);
    const named = fromCase ? { case: fromCase.reference } : {};
    if (amount > BigInt(deps.config.OPS_FOUR_EYES_MAD) * 100n) {
      const approvalId = await insertApproval(tx, {
        kind: 'refund',
        subjectType: 'transaction',
        subjectId: input.id,
        amount,
        currency: 'MAD',
        // The case it was asked from travels with the request, so the approval's audit lines name it too.
        payload: { transaction_kind: row.kind, sender: row.sender_user_id, ...named },
        reason: input.reason,
        requestedBy: operator.id,
        requestedAt: now,
        expiresAt: new Date(now.getTime() + deps.config.OPS_APPROVAL_TTL_SECONDS * 1000),
      });
      if (approvalId === undefined) throw conflict(opsMessages.alreadyRequested);
      await recordAudit(
        tx,
        actor,
        {
          action: 'refund.request',
          targetType: 'transaction',
          targetId: input.id,
          reason: input.reason,
          after: { approval: approvalId, amount: mad(amount), ...named },
        },
        now,
      );
      if (fromCase) {
        const note = { action: 'refund_requested', amount: row.amount, approval: approvalId } as const;
        await noteCaseAction(tx, fromCase, operator.id, { ...note, reason: input.reason }, now);
      }
      const approval = await findApproval(tx, approvalId);
      if (!approval) throw notFound();
      return { status: 202, body: { refunded: false, approval: presentApproval(approval) } };
    }
    await refundWaiting(tx, row, { operatorId: operator.id, approvalId: null, approvedBy: null });
    await recordAudit(
      tx,
      actor,
      {
        action: 'transaction.refund',
        targetType: 'transaction',
        targetId: input.id,
        reason: input.reason,
        before: { status: row.status, amount: mad(amount) },
        after: { status: 'refunded', ...named },
      },
      now,
    );
    if (fromCase)
      await noteCaseAction(
        tx,
        fromCase,
        operator.id,
        { action: 'refund', amount: row.amount, reason: input.reason },
        now,
      );
    return {
      status: 200,
      body: { refunded: true, transaction: await presentAfter(tx, input.id, deps.config.SECRET_KEY) },
    };
  };
  // The case joins the hash only when given, so a request without one hashes as it always did.
  const requestHash = hashRequest({
    id: input.id,
    reason: input.reason,
    ...(input.case !== undefined && { case: input.case }),
  });
  // The sender's notice is the notifications module's: the `refunded` timeline step notifies them in this
  // transaction (migration 0240), once, whatever the path (direct refund or approved request).
  return withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(tx, { scope: `ops:refund:${operator.id}`, key: idempotencyKey, requestHash }, () => work(tx)),
  );
}

export async function approvalsPage(
  deps: ServiceDeps,
  filters: { state?: string | undefined; kind?: string | undefined },
  page: number,
  pageSize: number,
) {
  await expireApprovals(deps.db, deps.clock.now());
  const { count, rows } = await listApprovals(deps.db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: rows.map(presentApproval) };
}

/**
 * `approvals/{id}/approve/` and `reject/`: another operator decides (the requester never can, and the database
 * refuses it too; nor can an operator newer than the request or added at the requester's request: approval-rules.ts).
 * Approving a staff change makes it, in the same transaction (staff-approvals.ts). Approving a refund performs it in the same transaction; if the money has moved on since (paid
 * out, cancelled), the approval is refused with 409 and stays pending for a rejection.
 */
export async function decide(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string; decision: 'approved' | 'rejected' },
): Promise<{ approval: Approval; transaction: OpsTransaction | null }> {
  await confirmOperator(deps, operator, input.security_code);
  const now = deps.clock.now();
  await expireApprovals(deps.db, now);
  return withTransaction(deps.db, async (tx) => {
    const approval = await lockApproval(tx, input.id);
    if (!approval) throw notFound();
    if (approval.requested_by === operator.id) throw forbidden(opsMessages.ownRequest);
    if (approval.state === 'expired') throw conflict(opsMessages.requestExpired);
    if (approval.state !== 'pending') throw conflict(opsMessages.requestDecided);
    await refuseUnfitApprover(tx, approval, operator.id);
    let transaction: OpsTransaction | null = null;
    // A refund asked from a help case: whoever approves or rejects it, the line says from which case.
    const named =
      approval.kind === 'refund' && typeof approval.payload.case === 'string' ? { case: approval.payload.case } : {};
    if (input.decision === 'approved' && approval.kind === 'refund') {
      const row = await lockRefundable(tx, approval.subject_id);
      await refundWaiting(tx, row, {
        operatorId: approval.requested_by,
        approvalId: approval.id,
        approvedBy: operator.id,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: 'transaction.refund',
          targetType: 'transaction',
          targetId: approval.subject_id,
          reason: approval.reason,
          before: { status: row.status, amount: mad(row.amount) },
          after: { status: 'refunded', approval: approval.id, requested_by: approval.requested_by, ...named },
        },
        now,
      );
      transaction = await presentAfter(tx, approval.subject_id, deps.config.SECRET_KEY);
    }
    if (input.decision === 'approved' && isStaffApprovalKind(approval.kind))
      await applyStaffApproval(tx, deps, actor, approval, operator.id);
    if (input.decision === 'approved' && approval.kind === RATES_APPROVAL_KIND)
      await applyApprovedRates(tx, actor, approval, operator.id, now, deps.config.SUBSCRIPTION_GRACE_SECONDS);
    await decideApproval(tx, approval.id, { state: input.decision, by: operator.id, at: now, reason: input.reason });
    await recordAudit(
      tx,
      actor,
      {
        action: input.decision === 'approved' ? 'approval.approve' : 'approval.reject',
        targetType: 'approval',
        targetId: approval.id,
        reason: input.reason,
        before: { state: 'pending' },
        after: {
          state: input.decision,
          kind: approval.kind,
          subject: `${approval.subject_type}:${approval.subject_id}`,
          ...named,
        },
      },
      now,
    );
    const after = await findApproval(tx, approval.id);
    if (!after) throw notFound();
    return { approval: presentApproval(after), transaction };
  });
}
