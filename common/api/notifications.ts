import { z } from 'zod';
import { langQuery } from './language-query.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * In-app notifications: `GET /api/notifications/` (the caller's own, newest first, title and body in
 * their language) and `POST /api/notifications/read/` (`{"ids": [...]}`, or an empty body for all). Ids that are
 * not the caller's are ignored, as ids that do not exist: the answer is the same for both, so it tells nothing
 * about other users' notifications.
 */

/** Kinds the server writes; a kind added later is added here and in the server's templates (a typed pair). */
export const notificationKinds = [
  'money_received',
  'withdrawal_paid_out',
  'pickup_collected',
  'transfer_cancelled',
  'transfer_refunded',
  'transfer_expired',
  'transfer_on_hold',
  'transfer_released',
  'kyc_approved',
  'kyc_rejected',
  // Unregistered recipients: to the sender, the invitation sent, the reminder before the claim window
  // ends, and the claim when the recipient signs up or confirms the address later.
  'transfer_invited',
  'transfer_expiring',
  'transfer_claimed',
  // Rate alerts: a customer's threshold reached by a rate change.
  'rate_alert',
  // Recurring transfers: the reminder two days before a date, and a date that did not send (skipped, missed).
  'schedule_reminder',
  'schedule_skipped',
  'schedule_missed',
  // Help cases: an operator answered the customer's case.
  'case_answered',
  // Mobile wallet payouts: to the sender, credited or returned (with the operator's reason); to a registered
  // recipient, the money sent to their wallet.
  'payout_completed',
  'payout_returned',
  'payout_received',
  // The account: money added by card (its receipt goes by e-mail), and a recovery approved (greets the owner at
  // their next sign-in; the identifiers were told by mail or SMS).
  'topup_completed',
  'recovery_approved',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The transaction it is about, or null. */
  transaction: z.number().int().nullable(),
  /** The app's page it opens (a path with its query), or null when it opens none of its own. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `?lang=fr|en|ar|es|it|nl|de` renders in that language (the screen's); the user's own language when absent. */
export const notificationsQuerySchema = pageQuerySchema.extend({
  lang: langQuery,
});

export const notificationsPageSchema = pagedResponseSchema(notificationSchema).extend({
  /** The caller's unread notifications, all pages together (the home screen's badge). */
  unread: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const MAX_READ_IDS = 100;

export const notificationMessages = {
  ids: 'A list of at most 100 notification ids is expected.',
} as const;

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** One message for the list as a whole, so a bad item is reported on `ids` itself. An empty body means all. */
export const markReadRequestSchema = z
  .object({
    ids: z
      .array(z.unknown(), { message: notificationMessages.ids })
      .max(MAX_READ_IDS, notificationMessages.ids)
      .refine((ids) => ids.every(isId), notificationMessages.ids)
      .transform((ids) => ids as number[])
      .optional(),
  })
  .strict()
  .nullish();
export type MarkReadRequest = z.infer<typeof markReadRequestSchema>;

export const markReadResponseSchema = z.object({ unread: z.number().int().nonnegative() });
