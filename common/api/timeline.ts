import { z } from 'zod';
import { langQuery } from './language-query.ts';

/**
 * The steps of a transaction's timeline, one documented set for every kind. Written by the database in
 * the same transaction as the change each records (migration 0180); shown in order of `at`.
 *
 * - `created`: the transaction exists (sent, withdrawal asked, top-up credited).
 * - `available`: a withdrawal's QR code or a cash pickup's reference can be paid out at an agency.
 * - `on_hold`: held for a compliance review, with a `reason` code (for its sender only). The sender reads the public
 *   code HOLD_REASON_PUBLIC only, never the review's own code (`sanctions_recipient`...): AML law forbids telling a
 *   customer that a sanctions or suspicion check concerns them (tipping-off).
 * - `unclaimed`: a held send released by an operator to a recipient without an account yet: it waits for them to
 *   sign up (a send created that way has no such step: its `created` says it).
 * - `submitted`: a payout is with its partner (a bank deposit in a payment file; a mobile wallet payout accepted by
 *   the wallet operator: 'sent to the wallet').
 * - `received`: the recipient's wallet was credited (a send to a registered user, a top-up; a payout's partner
 *   paid it: for a mobile wallet, 'credited').
 * - `claimed`: a transfer waiting for someone without an account was credited when they registered.
 * - `paid_out`: a withdrawal paid in cash by a teller; `collected`: a cash pickup paid to its recipient.
 * - `cancelled`: taken back by its sender; `refunded`: given back by an operator; `expired`: its time ran out and
 *   the money went back to the sender. A payout returned by its partner reads `refunded` with the partner's `reason`
 *   (a mobile wallet's: wallet_not_found, wallet_ceiling_exceeded, partner_unavailable), for its sender.
 * - `anchored`: recorded on the public ledger, with its `tx_id`.
 */
export const timelineStatuses = [
  'created',
  'available',
  'on_hold',
  'unclaimed',
  'received',
  'claimed',
  'paid_out',
  'collected',
  'cancelled',
  'refunded',
  'expired',
  'anchored',
  'submitted',
] as const;
export type TimelineStatus = (typeof timelineStatuses)[number];

export const timelineStepSchema = z.object({
  status: z.enum(timelineStatuses),
  /** ISO 8601 time, the database's. */
  at: z.string(),
  /** `on_hold`: the review's public reason code; `refunded` of a payout: its partner's reason. */
  reason: z.string().optional(),
  /** `anchored` only: the public ledger's transaction id. */
  tx_id: z.string().optional(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

/**
 * Which steps a viewer sees (only their own facts): the sender and a top-up's owner see every step; the recipient
 * of a send sees that it was sent, reached them and was anchored; the teller of the paying agency sees the payout's
 * steps. A reason code is the sender's.
 */
export const recipientSteps: readonly TimelineStatus[] = ['created', 'received', 'claimed', 'anchored'];
export const agencySteps: readonly TimelineStatus[] = [
  'created',
  'available',
  'paid_out',
  'collected',
  'cancelled',
  'expired',
  'refunded',
  'anchored',
];

/** `GET /api/transactions/{id}/receipt/?lang=fr|en|ar|es|it|nl|de`: the receipt's language (the user's own when absent). */
export const receiptQuerySchema = z.object({ lang: langQuery });

/** The one reason a customer reads for a hold, whatever the review's own code (tipping-off, see above). */
export const HOLD_REASON_PUBLIC = 'compliance_review';
