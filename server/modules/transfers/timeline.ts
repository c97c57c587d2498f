import type { Kysely } from 'kysely';
import { agencySteps, HOLD_REASON_PUBLIC, recipientSteps, type TimelineStep } from '../../../common/api/timeline.ts';
import type { Database } from '../../db/schema.ts';
import type { HistoryRow, Viewer } from './transactions-query.repository.ts';

/**
 * A transaction's timeline as this viewer may see it: the steps the database wrote with each change
 * (migration 0180), oldest first. The sender (and a top-up's owner) sees them all; the recipient of a send and the
 * teller of the paying agency see their own facts only (common/api/timeline.ts), never a reason code.
 */
export async function timelineFor(
  db: Kysely<Database>,
  row: Pick<HistoryRow, 'id' | 'kind' | 'sender_user_id' | 'recipient_user_id'>,
  viewer: Viewer,
): Promise<TimelineStep[]> {
  const steps = await db
    .selectFrom('transaction_events')
    .select(['status', 'reason', 'tx_id', 'at'])
    .where('transaction_id', '=', row.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const owner = row.sender_user_id === viewer.id || (row.kind === 'exchange' && row.recipient_user_id === viewer.id);
  const allowed = owner ? null : row.recipient_user_id === viewer.id ? recipientSteps : agencySteps;
  // A payout its partner returned: the sender reads the partner's reason on the step (it is theirs to know).
  const returnReason =
    owner && row.kind === 'payout'
      ? ((await db.selectFrom('payouts').select('reason').where('transaction_id', '=', row.id).executeTakeFirst())
          ?.reason ?? null)
      : null;
  return steps
    .filter((s) => allowed === null || allowed.includes(s.status))
    .map((s) => ({
      status: s.status,
      at: s.at.toISOString(),
      // The review's own code (e.g. sanctions_recipient) stays internal: telling the customer is tipping-off.
      ...(owner && s.reason !== null && { reason: HOLD_REASON_PUBLIC }),
      ...(s.status === 'refunded' && returnReason !== null && { reason: returnReason }),
      ...(s.status === 'anchored' && s.tx_id !== null && { tx_id: s.tx_id }),
    }));
}
