import { z } from 'zod';

/** Payouts through a partner bank (transfers, payout partner). Composed with the other areas in server/config.ts. */
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
};
