import type { Kysely, Transaction } from 'kysely';
import { reviewMessages, type Review, type ReviewState } from '../../../common/api/ops-reviews.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { confirmOperator } from '../users/confirm-operator.ts';
import type { ServiceDeps } from '../service-deps.ts';
import {
  findOpenReviewByKey,
  findOpenReviewsContaining,
  findReview,
  insertReview,
  listReviews,
  lockOpenReviews,
  lockReview,
  markDecided,
  type ReviewRow,
} from './reviews.repository.ts';

/** A review as stored: what a kind's decision handler is given (`ReviewDecisionContext.review`). */
export type { ReviewRow };

/*
 * The reviews queue: the module API (for the compliance engineer and any module that needs a human).
 *
 * OPENING AN ITEM, in your own database transaction (so the item exists if and only if your change commits):
 *
 *     import { openReview } from '../reviews/reviews.service.ts';
 *     const { id, created } = await openReview(tx, {
 *       kind: 'sanctions_hit',                 // ^[a-z_]{1,40}$
 *       subject: `user:${userId}`,             // what it is about; the queue filters on it exactly
 *       payload: { list: 'OFAC', score: 0.93 },// JSON shown to the operator as is; no secrets
 *       dedupeKey: `user:${userId}:OFAC:123`,  // optional: at most one OPEN item per (kind, dedupeKey);
 *                                              // opening it again returns the open one, created: false
 *     }, deps.clock.now());
 *
 * DECIDING: operators call POST /api/ops/reviews/{id}/approve/ or reject/ with {reason, security_code}. The
 * service checks the code (wrong: 400, counted toward the operator's lockout), locks the row, refuses an item no
 * longer open with 409 (reviewMessages.decided: two operators deciding at once, one wins), runs the kind's
 * handler, marks the item and writes the audit line, ALL IN ONE TRANSACTION.
 *
 * PLUGGING A KIND: register a handler once, at module load (import the file from your module's routes so it
 * runs when the app starts), e.g. in server/modules/compliance/sanctions.reviews.ts:
 *
 *     registerReviewKind('sanctions_hit', {
 *       async decide({ tx, review, decision, reason, operatorId, now }) {
 *         if (decision === 'approved') await releaseHeldTransfer(tx, review.payload.transaction_id);
 *         else await keepFrozen(tx, review.subject);
 *         return { released: decision === 'approved' };  // shown in the response as `outcome`, and audited
 *       },
 *     });
 *
 * The handler runs inside the decision's transaction, after the row lock: whatever it writes commits together
 * with the decision, or not at all. Throw an HttpError (e.g. conflict('...')) to refuse the decision: the item
 * stays open and the operator sees your message (add it to the web catalogues). Money moves only through the
 * ledger's functions with `tx`. A kind with no handler is a pure acknowledgement: the decision is recorded and
 * nothing else happens. The handler must only touch the database through `tx` (the transaction may be re-run
 * after a serialization failure).
 */

export interface ReviewDecisionContext {
  tx: Transaction<Database>;
  deps: ServiceDeps;
  /** The item as it was when locked (state 'open'). */
  review: ReviewRow;
  decision: 'approved' | 'rejected';
  reason: string;
  operatorId: string;
  now: Date;
  /**
   * Work for once the decision committed (an SMS to someone outside the app): never inside the transaction, which
   * may roll back or run again; best effort, a failure is not the decision's.
   */
  afterCommit: (task: () => Promise<void>) => void;
}

export interface ReviewKindHandler {
  /** Runs in the decision's transaction; its return value is the response's `outcome` and goes in the audit line. */
  decide(context: ReviewDecisionContext): Promise<Record<string, unknown> | void>;
  /**
   * The other open items of the same case, which this decision settles too (one hit seen at two moments, e.g. a
   * recipient when added and then the send to them): each is decided alike, by the same operator with the same
   * reason, in the same transaction, through its own handler, with its own audit lines. Without it, deciding one
   * would leave the other waiting for a look that was already given.
   */
  linked?(context: Pick<ReviewDecisionContext, 'tx' | 'review' | 'decision'>): Promise<string[]>;
}

const handlers = new Map<string, ReviewKindHandler>();

/** Plugs a kind's decision handler. Registering a kind twice is a programming error (two modules claim it). */
export function registerReviewKind(kind: string, handler: ReviewKindHandler): void {
  if (!/^[a-z_]{1,40}$/.test(kind)) throw new Error(`review kind ${kind}: lowercase letters and _ only`);
  if (handlers.has(kind)) throw new Error(`review kind ${kind} is already registered`);
  handlers.set(kind, handler);
}

/** For tests that plug a kind of their own. */
export function unregisterReviewKind(kind: string): void {
  handlers.delete(kind);
}

export interface OpenReviewInput {
  kind: string;
  subject: string;
  payload?: Record<string, unknown>;
  dedupeKey?: string | null;
  /** The operator who opened it by hand: they may not decide it. */
  openedBy?: string | null;
}

/** Opens an item in the caller's transaction; see the module comment above. */
export async function openReview(
  tx: Transaction<Database> | Kysely<Database>,
  input: OpenReviewInput,
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const dedupeKey = input.dedupeKey ?? null;
  const id = await insertReview(tx, {
    kind: input.kind,
    subject: input.subject,
    payload: input.payload ?? {},
    dedupeKey,
    openedBy: input.openedBy ?? null,
    createdAt: now,
  });
  if (id !== undefined) return { id, created: true };
  // ON CONFLICT DO NOTHING: the open item with this key exists (it was visible to the conflict check).
  const existing = dedupeKey === null ? undefined : await findOpenReviewByKey(tx, input.kind, dedupeKey);
  if (existing === undefined) throw new Error('review insert skipped without an open item for its key');
  return { id: existing, created: false };
}

/** The open items of `kind` whose payload holds `fields`: how a kind finds the other items of one case. */
export async function openReviewsContaining(
  db: Kysely<Database>,
  kind: string,
  fields: Record<string, unknown>,
): Promise<ReviewRow[]> {
  return findOpenReviewsContaining(db, kind, fields);
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentReview(row: ReviewRow): Review {
  return {
    id: Number(row.id),
    kind: row.kind,
    subject: row.subject,
    payload: row.payload,
    state: row.state,
    opened_by: row.opened_by === null ? null : Number(row.opened_by),
    created_at: row.created_at.toISOString(),
    decided_by: row.decided_by === null ? null : Number(row.decided_by),
    decided_by_name: row.decided_by_name,
    decided_at: iso(row.decided_at),
    reason: row.reason,
    subject_name: row.subject_name,
    payload_names: row.payload_names ?? {},
  };
}

export async function reviewsPage(
  deps: ServiceDeps,
  filters: {
    state?: ReviewState | undefined;
    kind?: string | undefined;
    subject?: string | undefined;
    search?: string | undefined;
  },
  page: number,
  pageSize: number,
) {
  const { count, rows } = await listReviews(deps.db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: rows.map(presentReview) };
}

export async function reviewDetail(deps: ServiceDeps, id: string): Promise<Review> {
  const row = await findReview(deps.db, id);
  if (!row) throw notFound();
  return presentReview(row);
}

/** `reviews/{id}/approve/` and `reject/`: exactly once, with the kind's handler in the same transaction. */
export async function decideReview(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string; decision: 'approved' | 'rejected' },
): Promise<{ review: Review; outcome: Record<string, unknown> | null }> {
  await confirmOperator(deps, operator, input.security_code);
  const now = deps.clock.now();
  let afterCommit: (() => Promise<void>)[] = [];
  const decided = await withTransaction(deps.db, async (tx) => {
    afterCommit = [];
    const review = await lockReview(tx, input.id);
    if (!review) throw notFound();
    if (review.state !== 'open') throw conflict(reviewMessages.decided);
    if (review.opened_by === operator.id) throw forbidden(reviewMessages.ownItem);
    const handler = handlers.get(review.kind);
    const settle = (item: ReviewRow, decidedWith: string | null) =>
      decideOne(tx, deps, actor, item, { ...input, operatorId: operator.id, now, decidedWith }, (task) =>
        afterCommit.push(task),
      );
    // The case's other items, read before this decision changes what links them; an item another operator is
    // deciding this very moment is theirs (SKIP LOCKED), so two decisions of one case never wait on each other.
    const linkedIds = (await handler?.linked?.({ tx, review, decision: input.decision })) ?? [];
    const outcome = await settle(review, null);
    const settled: number[] = [];
    for (const item of await lockOpenReviews(tx, linkedIds)) {
      if (item.opened_by === operator.id) continue;
      await settle(item, review.id);
      settled.push(Number(item.id));
    }
    const after = await findReview(tx, review.id);
    if (!after) throw notFound();
    const withLinked = settled.length > 0 ? { ...outcome, decided_with: settled } : outcome;
    return { review: presentReview(after), outcome: withLinked };
  });
  for (const task of afterCommit) await task().catch(() => undefined);
  return decided;
}

/** One item decided in the decision's transaction: its handler, its state, its audit lines. */
async function decideOne(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  review: ReviewRow,
  input: {
    reason: string;
    decision: 'approved' | 'rejected';
    operatorId: string;
    now: Date;
    /** The item whose decision settled this one too (null: decided on its own). */
    decidedWith: string | null;
  },
  afterCommit: (task: () => Promise<void>) => void,
): Promise<Record<string, unknown> | null> {
  const { decision, reason, now } = input;
  const handled =
    (await handlers.get(review.kind)?.decide({
      tx,
      deps,
      review,
      decision,
      reason,
      operatorId: input.operatorId,
      now,
      afterCommit,
    })) ?? null;
  const outcome =
    input.decidedWith === null ? handled : { ...(handled ?? {}), decided_with_review: Number(input.decidedWith) };
  if (!(await markDecided(tx, review.id, { state: decision, by: input.operatorId, at: now, reason })))
    throw conflict(reviewMessages.decided);
  await recordAudit(
    tx,
    actor,
    {
      action: decision === 'approved' ? 'review.approve' : 'review.reject',
      targetType: 'review',
      targetId: review.id,
      reason,
      before: { state: 'open', kind: review.kind, subject: review.subject },
      after: { state: decision, kind: review.kind, subject: review.subject, outcome },
    },
    now,
  );
  // A held send's or pickup's decision is on that transaction's back-office timeline too (its audit lines), never
  // on the sender's: a rejected sanctions hit leaves them reading 'under review' (tipping-off).
  const held = /^transaction:(\d+)$/.exec(review.subject)?.[1];
  if (held !== undefined)
    await recordAudit(
      tx,
      actor,
      {
        action: decision === 'approved' ? 'transaction.review_approved' : 'transaction.review_rejected',
        targetType: 'transaction',
        targetId: held,
        reason,
        before: { status: 'on_hold' },
        after: { review: Number(review.id), kind: review.kind, outcome },
      },
      now,
    );
  // A decision about a person (their identity documents, a sanctions hit on them, a recovery) is on their page's
  // audit too, where an operator looking at the customer reads it.
  const person = /^user:(\d+)$/.exec(review.subject)?.[1];
  if (person !== undefined)
    await recordAudit(
      tx,
      actor,
      {
        action: decision === 'approved' ? 'customer.review_approved' : 'customer.review_rejected',
        targetType: 'user',
        targetId: person,
        reason,
        after: { review: Number(review.id), kind: review.kind, outcome },
      },
      now,
    );
  return outcome;
}
