import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../http/http-error.ts';
import { heldMoney } from '../reviews/held-money.ts';
import { openReviewsContaining, registerReviewKind, type ReviewRow } from '../reviews/reviews.service.ts';
import { pickupClearanceSubject, recordClearance, type ClearanceSubject } from './clearances.ts';
import { SANCTIONS_REVIEW_KIND, type MatchFacts } from './screening.ts';

/**
 * An operator's decision on a sanctions hit, in the decision's transaction. The payload's `type` says
 * what was hit: a send held for its recipient (`transfer`), a cash pickup held for the name its ID must carry
 * (`pickup`), a recipient when added (`recipient`), a customer (`customer`). A held send or pickup's sender is told
 * `transfer_released` on approval (nothing on a rejection: the money stays held, tipping-off).
 * - approve = a false positive: a held send completes as it would have (releaseHeldTransfer), a held pickup is
 *   available with a fresh expiry and its recipient's SMS leaves after the commit; the matched entries are cleared
 *   for the recipient, the pickup or the customer under the name screened only (clearances.ts: a rename is screened
 *   afresh); a customer frozen by this hit moves money again (unless an operator had frozen them before: that
 *   freeze stays, for an operator).
 * - one case, one decision: a recipient's hit is reviewed when they are added and again when a send to them is held;
 *   deciding either decides the other alike (linkedItems), so no send of a cleared recipient waits on a look already
 *   given, and no recipient cleared by a send's review is left counted as waiting. An approval carries over only to
 *   an item of the same name whose matches it saw all of (a send screened against a newer list, with an entry the
 *   operator did not see, keeps its own review); a rejection carries over to every item of that name.
 * - reject = the hit is confirmed: the money stays in compliance-hold (a pickup's reference dies), the recipient is marked confirmed (every send
 *   to them is held) and a customer behind them frozen, a frozen customer stays frozen, and a report row is stored
 *   (sanctions_reports, append-only).
 */

interface Payload {
  type: 'transfer' | 'pickup' | 'recipient' | 'customer';
  transaction_id?: number;
  contact_id?: number | null;
  user_id?: number;
  screened_name: string;
  matches: MatchFacts[];
  amount?: string;
}

const gone = 'This sanctions hit is no longer waiting for a decision.';

/** A false positive: the hit's entries cleared for `subject` under the name screened, the recipient's hit lifted. */
async function clear(tx: Transaction<Database>, subject: ClearanceSubject, p: Payload, review: ReviewRow) {
  await recordClearance(tx, { subject, screenedName: p.screened_name, matches: p.matches, reviewId: review.id });
  if (subject.startsWith('contact:'))
    await tx
      .updateTable('contacts')
      .set({ sanctions_hit: null })
      .where('id', '=', subject.slice('contact:'.length))
      .execute();
}

async function confirmContact(tx: Transaction<Database>, contactId: string, review: ReviewRow, operatorId: string) {
  const contact = await tx
    .updateTable('contacts')
    .set({ sanctions_confirmed_at: sql<Date>`coalesce(sanctions_confirmed_at, now())` })
    .where('id', '=', contactId)
    .returning('contact_user')
    .executeTakeFirst();
  if (contact?.contact_user) await freeze(tx, contact.contact_user, review, operatorId);
  return contact?.contact_user ?? null;
}

async function freeze(tx: Transaction<Database>, userId: string, review: ReviewRow, operatorId: string) {
  await tx
    .updateTable('users')
    .set({
      frozen_at: sql<Date>`coalesce(frozen_at, now())`,
      frozen_reason: sql<string>`coalesce(frozen_reason, 'Sanctions screening: hit confirmed')`,
      frozen_by: sql<string>`coalesce(frozen_by, ${operatorId}::bigint)`,
      frozen_by_review: sql<string>`coalesce(frozen_by_review, ${review.id}::bigint)`,
    })
    .where('id', '=', userId)
    .execute();
}

const entriesOf = (p: Payload) => new Set(p.matches.map((m) => m.entry));

/** The other open reviews of the same recipient's hit (see the module comment): ids, for reviews.service to settle. */
async function linkedItems(tx: Transaction<Database>, review: ReviewRow, decision: 'approved' | 'rejected') {
  const p = review.payload as unknown as Payload;
  if ((p.type !== 'transfer' && p.type !== 'recipient') || p.contact_id === undefined || p.contact_id === null)
    return [];
  const seen = entriesOf(p);
  const candidates = await openReviewsContaining(tx, SANCTIONS_REVIEW_KIND, { contact_id: p.contact_id });
  const ids: string[] = [];
  for (const other of candidates) {
    const o = other.payload as unknown as Payload & { sender_user_id?: number };
    if (other.id === review.id || (o.type !== 'transfer' && o.type !== 'recipient')) continue;
    if (o.screened_name !== p.screened_name) continue;
    if (decision === 'approved') {
      if (![...entriesOf(o)].every((entry) => seen.has(entry))) continue;
      // A frozen sender's money is not released by anyone's decision: that send keeps its review for later.
      if (o.type === 'transfer' && o.sender_user_id !== undefined) {
        const sender = await tx
          .selectFrom('users')
          .select('frozen_at')
          .where('id', '=', String(o.sender_user_id))
          .executeTakeFirst();
        if (sender?.frozen_at) continue;
      }
    }
    ids.push(other.id);
  }
  return ids;
}

registerReviewKind(SANCTIONS_REVIEW_KIND, {
  linked: ({ tx, review, decision }) => linkedItems(tx, review, decision),
  async decide({ tx, deps, review, decision, reason, operatorId, afterCommit }) {
    const p = review.payload as unknown as Payload;
    const report = async (ids: { user?: string | null; contact?: string | null; transaction?: string | null }) =>
      tx
        .insertInto('sanctions_reports')
        .values({
          review_id: review.id,
          subject: review.subject,
          user_id: ids.user ?? null,
          contact_id: ids.contact ?? null,
          transaction_id: ids.transaction ?? null,
          screened_name: p.screened_name,
          matches: JSON.stringify(p.matches),
          amount: p.amount ?? null,
          decided_by: operatorId,
          reason,
        })
        .execute();

    if (p.type === 'transfer' || p.type === 'pickup') {
      // The money is the lifecycle's to move (heldMoney); the hit's clearance, confirmation and report are ours.
      const money = heldMoney();
      const held = await money.lock(tx, String(p.transaction_id));
      if (held === null) throw conflict(gone);
      const id = held.id;
      const contactId = p.contact_id === undefined || p.contact_id === null ? null : String(p.contact_id);
      if (decision === 'approved') {
        const status = await money.release(tx, deps, { ...held, contactId }, 'sanctions_release', afterCommit);
        const subject: ClearanceSubject =
          p.type === 'pickup' ? pickupClearanceSubject({ id, contact_id: contactId }) : `contact:${contactId}`;
        await clear(tx, subject, p, review);
        return { released: true, status };
      }
      await money.keep(tx, held);
      const frozenUser = contactId === null ? null : await confirmContact(tx, contactId, review, operatorId);
      await report({ user: frozenUser, contact: contactId, transaction: id });
      return { released: false, held: true, recipient_frozen: frozenUser !== null };
    }

    if (p.type === 'recipient') {
      const contactId = String(p.contact_id);
      if (decision === 'approved') {
        await clear(tx, `contact:${contactId}`, p, review);
        return { cleared: true };
      }
      const frozenUser = await confirmContact(tx, contactId, review, operatorId);
      await report({ user: frozenUser, contact: contactId });
      return { cleared: false, recipient_frozen: frozenUser !== null };
    }

    const userId = String(p.user_id);
    if (decision === 'approved') {
      await clear(tx, `user:${userId}`, p, review);
      // The review's own freeze ends with it; an operator's freeze placed before the hit (frozen_by set: the
      // review's freeze names no operator while it is open) stays, for an operator to lift.
      const ours = sql<boolean>`frozen_by_review = ${review.id}::bigint`;
      const lift = sql<boolean>`${ours} AND frozen_by IS NULL`;
      const unfrozen = await tx
        .updateTable('users')
        .set({
          frozen_at: sql<Date | null>`CASE WHEN ${lift} THEN NULL ELSE frozen_at END`,
          frozen_reason: sql<string | null>`CASE WHEN ${lift} THEN NULL ELSE frozen_reason END`,
          frozen_by_review: sql<string | null>`CASE WHEN ${ours} THEN NULL ELSE frozen_by_review END`,
        })
        .where('id', '=', userId)
        .returning(sql<boolean>`frozen_at IS NULL`.as('free'))
        .executeTakeFirst();
      return { cleared: true, unfrozen: unfrozen?.free ?? false };
    }
    await freeze(tx, userId, review, operatorId);
    await report({ user: userId });
    return { cleared: false, frozen: true };
  },
});
