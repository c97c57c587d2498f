import { z } from 'zod';

/** Payouts through a partner: a bank, a mobile-wallet operator (transfers, payout partner). Composed with the other areas in server/config.ts. */
export const payoutVariables = {
  // Payouts through a partner (ADR 023): bank deposits to a RIB.
  /** The bank deposits' partner: the built-in sandbox until a partner bank's channel is written. */
  PAYOUT_BANK_PARTNER: z.enum(['sandbox']).default('sandbox'),
  /** The partner bank's cut-off, Moroccan time (HH:MM): a deposit sent later is executed the next working day. */
  PAYOUT_CUTOFF: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('14:00'),
  /** Closed days besides weekends and the fixed civil holidays: comma-separated YYYY-MM-DD (the lunar holidays). */
  PAYOUT_HOLIDAYS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD dates, comma-separated'))),
  /** Working days between the bank's execution and the credit on the recipient's account (SIMT clearing: 1). */
  PAYOUT_SETTLEMENT_DAYS: z.coerce.number().int().min(0).max(5).default(1),
  /** Our account at the partner bank, the debtor of every payment file: holder name (file character set), RIB, BIC. */
  PAYOUT_DEBTOR_NAME: z.string().min(1).max(35).default('SILA PAYMENTS'),
  PAYOUT_DEBTOR_RIB: z
    .string()
    .regex(/^\d{24}$/, 'must be 24 digits')
    .default('007780000123456789012396'),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'must be a BIC')
    .default('BCMAMAMC'),
  // Payouts through a partner (ADR 023): mobile wallets to a Moroccan mobile number.
  /** The wallet operator: the built-in sandbox (test numbers fail, the rest complete), or `http` (URL and key below). */
  PAYOUT_WALLET_PARTNER: z.enum(['sandbox', 'http']).default('sandbox'),
  /** The operator's API base (https; the address it resolves to must be public): payouts are POSTed to `<url>/payouts`. */
  PAYOUT_WALLET_URL: z.string().url().optional(),
  /** Our API key at the operator, sent as a bearer token. */
  PAYOUT_WALLET_KEY: z.string().min(1).optional(),
  /** The secret the operator signs its callbacks with (HMAC-SHA256); the sandbox's is derived from SECRET_KEY when unset. */
  PAYOUT_WALLET_CALLBACK_SECRET: z.string().min(16).optional(),
  /** How long the sandbox takes to answer a payout by its callback. */
  PAYOUT_WALLET_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Requests to the operator tried before a payout is given up as `partner_unavailable` and returned to its sender. */
  PAYOUT_WALLET_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(6),
  /** The backoff between those attempts: doubling from the base, capped at the max (with jitter). */
  PAYOUT_WALLET_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  PAYOUT_WALLET_RETRY_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** A payout the operator accepted whose callback has not come after this long is asked for by its key, and again as often. */
  PAYOUT_WALLET_FOLLOW_UP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** With no answer this long after the operator accepted it, the payout is returned as `partner_unavailable`. */
  PAYOUT_WALLET_GIVE_UP_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(172_800),
};
