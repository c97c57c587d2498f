import type { Transaction } from 'kysely';
import type { Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { openReview } from '../reviews/reviews.service.ts';
import { SANCTIONS_REVIEW_KIND, type RecipientScreening, type ScreeningDeps } from './screening.ts';

export type { ReleaseKind } from '../reviews/held-money.ts';

/** Why money is held: the ledger entry's kind and the on_hold step's (internal) reason code. */
export interface HoldKind {
  entryKind: 'sanctions_hold' | 'monitoring_hold' | 'cooling_off_hold';
  reason: string;
}

/** A sanctions hit on the recipient (a send) or on the name the pickup's ID must carry. */
export const SANCTIONS_HOLD: HoldKind = { entryKind: 'sanctions_hold', reason: 'sanctions_recipient' };

/**
 * The `sanctions_hit` review of a held send (`transfer`) or cash pickup (`pickup`), with the matches. The
 * lifecycle holds the money (server/modules/transfers/held-money.ts) and asks for the review in the same
 * transaction.
 */
export async function openHoldReview(
  tx: Transaction<Database>,
  deps: Pick<ScreeningDeps, 'clock'>,
  input: {
    type: 'transfer' | 'pickup';
    transactionId: string;
    contactId: string | null;
    senderId: string;
    amount: Money<'MAD'>;
    screening: Pick<RecipientScreening, 'screenedName' | 'matches'>;
  },
): Promise<void> {
  await openReview(
    tx,
    {
      kind: SANCTIONS_REVIEW_KIND,
      subject: `transaction:${input.transactionId}`,
      payload: {
        type: input.type,
        transaction_id: Number(input.transactionId),
        contact_id: input.contactId === null ? null : Number(input.contactId),
        sender_user_id: Number(input.senderId),
        amount: input.amount.minor.toString(),
        screened_name: input.screening.screenedName,
        matches: input.screening.matches,
      },
      dedupeKey: `transaction:${input.transactionId}`,
    },
    deps.clock.now(),
  );
}
