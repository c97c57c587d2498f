import { z } from 'zod';
import { dateQuery } from './transactions.ts';

/**
 * `/api/ops/reconciliation/?date=YYYY-MM-DD`: the ledger's own check, then one UTC day of money that
 * crossed the platform's edge: card payments the provider reported against the top-ups credited, and the cash paid
 * at each agency by the ledger against the withdrawals and pickups marked paid. Each difference is one line.
 */

export const reconciliationQuerySchema = z.object({
  date: dateQuery,
  format: z.enum(['json', 'csv']).optional(),
});

/** What a difference line says happened (the screens word each one). */
export const differenceKinds = [
  // Card payments (EUR).
  'payment_without_credit',
  'credit_without_payment',
  'payment_amount_mismatch',
  'refund_failed',
  /** A second credit (or revenue entry) for a payment that already has one. */
  'duplicate_credit',
  /** A top-up's credit that is not the quote the customer accepted (euros taken, or dirhams credited). */
  'quote_mismatch',
  /** Dirhams credited to a wallet by the FX desk with no card money taken for them. */
  'credit_without_card_leg',
  /** Subscription revenue with no paid checkout or renewal behind it. */
  'revenue_without_payment',
  /** A paid plan checkout or renewal that booked no revenue. */
  'payment_without_revenue',
  // Agency payouts (MAD).
  'payout_without_ledger',
  'ledger_payout_without_row',
  'payout_amount_mismatch',
  'payout_agency_mismatch',
] as const;
export type DifferenceKind = (typeof differenceKinds)[number];

export const differenceSchema = z.object({
  kind: z.enum(differenceKinds),
  /** What it is about: "session:ps_…", "invoice:in_…", "exchange:7", "transaction:42", "entry:17". */
  reference: z.string(),
  agency: z.number().int().nullable(),
  currency: z.enum(['EUR', 'MAD']),
  /** What the business side (provider, transaction row) says; null when it has nothing. */
  expected: z.string().nullable(),
  /** What the ledger says; null when it has nothing. */
  actual: z.string().nullable(),
  at: z.string().nullable(),
});
export type Difference = z.infer<typeof differenceSchema>;

const tally = z.object({ count: z.number().int(), amount: z.string() });

export const agencyPayoutsSchema = z.object({
  agency: z.number().int(),
  name: z.string(),
  currency: z.literal('MAD'),
  /** Withdrawals and pickups marked paid that day at this agency. */
  rows: tally,
  withdrawals: tally,
  pickups: tally,
  /** Cash the ledger moved to this agency's till that day. */
  ledger: tally,
});

export const reconciliationSchema = z.object({
  date: z.string(),
  ledger_check: z.object({
    ok: z.boolean(),
    entries: z.number().int(),
    postings: z.number().int(),
    problems: z.array(z.string()),
    totals: z.array(
      z.object({ kind: z.string(), currency: z.string(), accounts: z.number().int(), balance: z.string() }),
    ),
  }),
  card_payments: z.object({
    currency: z.literal('EUR'),
    /** Payments the provider confirmed (paid or refunded by the app), by the day the app settled them. */
    reported: tally,
    /** Top-ups the ledger credited that day (the card's gross amount). */
    credited: tally,
    /** Payments the app refunded instead of crediting (amount mismatch, late payment, limit). */
    refunded: tally,
  }),
  payouts: z.array(agencyPayoutsSchema),
  differences: z.array(differenceSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
