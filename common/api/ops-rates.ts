import { z } from 'zod';
import { opsMessages } from './messages.ts';
import { approvalSchema, reasonSchema, opsSecurityCodeSchema } from './ops.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * `/api/ops/rates/`: the rates history and setting new rates with an effective time. A change past
 * OPS_RATE_CHANGE_FOUR_EYES_PCT (or of the card fee past OPS_RATE_FEE_FOUR_EYES_BP) against the least favourable of
 * the rows in force now, the row it replaces and those of the last 24 hours waits for a second operator (an approval
 * of kind `rates`).
 */

export const rateStates = ['scheduled', 'in_force', 'superseded'] as const;
export type RateState = (typeof rateStates)[number];

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const opsRateSchema = z.object({
  id: z.number().int(),
  /** MAD per EUR, exact decimal text: "10.8500". */
  official: z.string(),
  freemium: z.string(),
  subscription: z.string(),
  /** Card fee fraction: "0.016000" (1.6 %). */
  fee: z.string(),
  /** How far each customer rate sits below the official one, in percent with 2 decimals: "1.38". */
  freemium_margin: z.string(),
  subscription_margin: z.string(),
  effective_at: z.string(),
  created_at: z.string(),
  state: z.enum(rateStates),
  set_by: person,
  approved_by: person,
  approval_id: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type OpsRate = z.infer<typeof opsRateSchema>;

export const opsRatesPageSchema = pagedResponseSchema(opsRateSchema).extend({
  /** The rates customers are priced at now (null before any are set). */
  in_force: opsRateSchema.nullable(),
  /** OPS_RATE_CHANGE_FOUR_EYES_PCT: a larger change needs a second operator. */
  four_eyes_percent: z.string(),
  /** OPS_RATE_FEE_FOUR_EYES_BP: a card fee moved by more basis points than this needs a second operator. */
  four_eyes_fee_bp: z.number().int(),
});
export type OpsRatesPage = z.infer<typeof opsRatesPageSchema>;
export const opsRatesQuerySchema = pageQuerySchema;

const rateText = z.string({ message: opsMessages.rateNotPositive }).trim().max(20, opsMessages.rateNotPositive);

export const setRatesRequestSchema = z.object({
  official: rateText,
  freemium: rateText,
  subscription: rateText,
  /** Omitted: the card fee in force is kept. */
  fee: rateText.optional(),
  /** ISO 8601 with a zone; omitted: now. */
  effective_at: z.iso.datetime({ offset: true, message: opsMessages.effectiveInvalid }).optional(),
  reason: reasonSchema,
  security_code: opsSecurityCodeSchema,
});
export type SetRatesRequest = z.input<typeof setRatesRequestSchema>;

/** Set (200, the new row) or waiting for a second operator (202, the request). */
export const setRatesResponseSchema = z.union([
  z.object({ applied: z.literal(true), rate: opsRateSchema }),
  z.object({ applied: z.literal(false), approval: approvalSchema }),
]);
export type SetRatesResponse = z.infer<typeof setRatesResponseSchema>;
