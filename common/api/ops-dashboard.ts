import { z } from 'zod';

/**
 * `GET /api/ops/dashboard/`: the service at a glance. Amounts are decimal strings of their currency
 * ("1250.00"); counts are integers. Periods are UTC: `today` from 00:00 UTC, `last_7_days` the 7 x 24 h before now.
 */

export const dashboardVolumeSchema = z.object({
  kind: z.string(),
  status: z.string(),
  count: z.number().int(),
  /** MAD. */
  amount: z.string(),
});

export const dashboardPeriodSchema = z.object({
  /** Start of the period (ISO); it ends now. */
  since: z.string(),
  count: z.number().int(),
  /** MAD, every kind and status together. */
  amount: z.string(),
  /** One row per kind and status that happened in the period. */
  by_kind_status: z.array(dashboardVolumeSchema),
});

export const dashboardAccountSchema = z.object({
  /** fx, fees, card_clearing, unclaimed_transfers, withdrawals_pending, pickups_pending, agency_cash, ... */
  kind: z.string(),
  currency: z.string(),
  /** For agency_cash: the agency. */
  agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Signed, as the ledger keeps it (ADR 003's sign convention). */
  balance: z.string(),
});

export const dashboardQueueSchema = z.object({
  /** Not done yet (including the failing ones). */
  waiting: z.number().int(),
  /** Waiting, and the last attempt failed. */
  failing: z.number().int(),
  /** Given up (dead letters), for a human. */
  dead: z.number().int(),
  /** Age in seconds of the oldest waiting item, or null when none waits. */
  lag_seconds: z.number().nullable(),
});

/** The outbox-like queues the dashboard counts, one key each (server/jobs/outbox-queues.ts lists them). */
export const DASHBOARD_QUEUE_KEYS = [
  'anchoring',
  'payment_actions',
  'notification_deliveries',
  'receipt_mails',
  'recipient_messages',
  'wallet_payouts',
] as const;
export type DashboardQueueKey = (typeof DASHBOARD_QUEUE_KEYS)[number];

export const dashboardSchema = z.object({
  generated_at: z.string(),
  today: dashboardPeriodSchema,
  last_7_days: dashboardPeriodSchema,
  /** Platform accounts (FX desk EUR and MAD, fees, card clearing, unclaimed, pending withdrawals and pickups) and
   * each agency's cash. */
  accounts: z.array(dashboardAccountSchema),
  /** Completed transactions waiting for the public ledger. */
  anchoring: dashboardQueueSchema,
  /** Refunds and cancellations waiting to be performed at the card provider. */
  payment_actions: dashboardQueueSchema,
  /** The e-mail, SMS and pushes of notifications waiting to be sent. */
  notification_deliveries: dashboardQueueSchema,
  /** Receipt PDFs waiting to be mailed to their payers (migration 0350). */
  receipt_mails: dashboardQueueSchema,
  /** Invitations and reminders waiting to be sent to recipients without an account (migration 0360). */
  recipient_messages: dashboardQueueSchema,
  /** Mobile wallet payouts waiting to be handed to the wallet operator (migration 0641). */
  wallet_payouts: dashboardQueueSchema,
  /** Payment provider webhooks: still processing (received, not finished), and received in the last 24 h. */
  webhooks: z.object({ processing: z.number().int(), received_24h: z.number().int() }),
  /** Human work waiting: four-eyes requests and open review items. */
  pending_approvals: z.number().int(),
  open_reviews: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
