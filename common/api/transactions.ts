import { z } from 'zod';
import { amountSchema } from '../money/amount-schema.ts';
import { isTimeZone } from '../time/time-zone.ts';
import { sixDigitsSchema } from './auth.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { securityCodeErrors } from './users.ts';
import { pickupDetailsSchema } from './pickups.ts';
import { statementMessages, transactionMessages, transactionStatuses } from './messages.ts';
import { timelineStepSchema } from './timeline.ts';
import { payoutDetailsSchema, walletPayoutDetailsSchema } from './payouts.ts';

// Zod-free constants (common/api/messages.ts), re-exported where the contract always had them.
export { transactionMessages } from './messages.ts';

export const idSchema = z
  .union([z.number(), z.string()])
  .transform(String)
  .pipe(z.string().regex(/^[1-9]\d{0,14}$/, 'A valid integer is required.'));

/**
 * How a send reaches its person: their wallet (default), cash at an agency, their Moroccan bank account, or their
 * Moroccan mobile wallet (a contact with a +212 6/7 number).
 */
export const deliveries = ['wallet', 'cash_pickup', 'bank_deposit', 'mobile_wallet'] as const;
export type Delivery = (typeof deliveries)[number];

/**
 * `POST /api/transactions/`: a person contact -> a send; an agency -> a withdrawal. `delivery: "cash_pickup"`
 * (a person with a phone) -> a reference by SMS, paid out in cash at any agency or at `agency` only.
 */
export const createTransactionRequestSchema = z.object({
  amount: amountSchema('MAD'),
  contact: idSchema,
  // A malformed code is refused like a wrong one, without counting as an attempt.
  security_code: sixDigitsSchema(securityCodeErrors.invalid),
  delivery: z.enum(deliveries).optional(),
  agency: idSchema.optional(),
  /**
   * A bank deposit whose holder's name the recipient's bank does not confirm (no match, close match) goes only
   * with this set: the sender saw the bank's answer and sends all the same.
   */
  confirm_payee: z.boolean().optional(),
});

export const transactionCategories = ['sending', 'reception', 'exchange', 'withdrawal'] as const;
export type TransactionCategory = (typeof transactionCategories)[number];

/** What happened to it: the list lives in messages.ts (zod-free, for the screens). */
export { transactionStatuses };

/**
 * A transaction as the history shows it (names included); amounts are decimal strings of MAD, unsigned: the category
 * gives the sign.
 */
/** A top-up's card payment (its owner's detail only): euros converted + fee = what the card was charged. */
export const topUpDetailsSchema = z.object({
  converted_amount: z.string(),
  fee_amount: z.string(),
  paid_amount: z.string(),
  /** MAD for 1 EUR, the rate applied. */
  rate: z.string(),
});
export type TopUpDetails = z.infer<typeof topUpDetailsSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.literal('MAD'),
  category: z.enum(transactionCategories),
  status: z.enum(transactionStatuses),
  date: z.string(),
  sender: z.number().int().nullable(),
  recipient: z.number().int().nullable(),
  contact: z.number().int().nullable(),
  sender_first_name: z.string().nullable(),
  sender_last_name: z.string().nullable(),
  recipient_first_name: z.string().nullable(),
  recipient_last_name: z.string().nullable(),
  recipient_phone_number: z.string().nullable(),
  recipient_address: z.string().nullable(),
  recipient_zip_code: z.string().nullable(),
  recipient_city: z.string().nullable(),
  tx_id: z.string().nullable(),
  /** The withdrawal's QR token: only for its owner, while it can still be paid out. */
  token: z.string().nullable(),
  identifier: z.string().nullable(),
  validated: z.boolean(),
  /** When a pending withdrawal or an unclaimed transfer goes back to the wallet. */
  expires_at: z.string().nullable(),
  validated_at: z.string().nullable(),
  /**
   * `cash_pickup` for a cash pickup, `bank_deposit` for a deposit to a bank account, `mobile_wallet` for a payout
   * to a mobile wallet; absent otherwise.
   */
  delivery: z.enum(['cash_pickup', 'bank_deposit', 'mobile_wallet']).optional(),
  /** A payout through a partner (a bank deposit): for its sender only. */
  payout: payoutDetailsSchema.optional(),
  /** A mobile wallet payout: for its sender only. */
  wallet_payout: walletPayoutDetailsSchema.optional(),
  /** The 10-digit pickup reference: for its sender only, while it can be collected. */
  pickup_reference: z.string().nullable().optional(),
  pickup: pickupDetailsSchema.optional(),
  /** The detail only (`GET /api/transactions/{id}/`): its steps as the viewer may see them, oldest first. */
  timeline: z.array(timelineStepSchema).optional(),
  /** A top-up's card payment: the detail only (`GET /api/transactions/{id}/`). */
  top_up: topUpDetailsSchema.optional(),
  /** The recurring transfer (`/api/schedules/{id}/`) that sent it, for its sender; null otherwise. */
  schedule: z.number().int().nullable().optional(),
});

export const transactionsPageSchema = pagedResponseSchema(transactionSchema);

/**
 * A calendar day, yyyy-mm-dd, that exists: `Date.parse('2026-02-30')` rolls over to 2 March, so the day must read
 * back as itself (shared by every date filter of the API, the statement's period included).
 */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

export const dateQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, transactionMessages.invalidDate)
  .refine(isCalendarDay, transactionMessages.invalidDate);

/** The customer's time zone for date filters: an IANA name; UTC when absent. */
export const timeZoneQuery = z.string().refine(isTimeZone, transactionMessages.invalidTimeZone);

/**
 * `GET /api/transactions/`. Dates are calendar days in `tz` (the browser's zone; UTC when
 * absent): start_date inclusive, end_date exclusive (the screens send the chosen end date plus one day).
 * `withdraw` is accepted for `withdrawal`.
 */
export const transactionsQuerySchema = pageQuerySchema.extend({
  user: idSchema.optional(),
  contact: idSchema.optional(),
  category: z
    .enum([...transactionCategories, 'withdraw'], { message: transactionMessages.invalidCategory })
    .transform((c): TransactionCategory => (c === 'withdraw' ? 'withdrawal' : c))
    .optional(),
  amount: amountSchema('MAD').optional(),
  amount_gte: amountSchema('MAD').optional(),
  amount_lte: amountSchema('MAD').optional(),
  start_date: dateQuery.optional(),
  end_date: dateQuery.optional(),
  tz: timeZoneQuery.optional(),
}).superRefine((q, ctx) => {
  // end_date is exclusive: on or before start_date the period holds no day, which is never what was meant.
  if (q.start_date !== undefined && q.end_date !== undefined && q.end_date <= q.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: statementMessages.endBeforeStart });
});

export const transactionIdParamsSchema = z.object({ id: idSchema });

export type Transaction = z.infer<typeof transactionSchema>;
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;
export type TransactionsQueryParsed = z.output<typeof transactionsQuerySchema>;
export type CreateTransactionRequest = z.input<typeof createTransactionRequestSchema>;
export type CreateTransactionBody = z.output<typeof createTransactionRequestSchema>;
