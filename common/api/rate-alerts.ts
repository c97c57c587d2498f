import { z } from 'zod';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * Rate alerts: `POST /api/rate-alerts/` (`{"threshold": "11.20"}`, MAD per EUR), `GET /api/rate-alerts/`
 * (the caller's own, newest first), `DELETE /api/rate-alerts/{id}/`. The threshold is on the customer's own rate
 * (freemium, or subscription while the plan holds): above it, and at most MAX_ABOVE_PERCENT above it. Customers
 * only. An alert fires once, when a rates row that reaches it comes into force: a `rate_alert` notification (in-app
 * and the user's channels); it then stays listed as `triggered`.
 */

// Zod-free constants (common/api/messages.ts), re-exported where the contract has them.
export {
  MAX_ABOVE_PERCENT,
  MAX_ACTIVE_RATE_ALERTS,
  rateAlertMessages,
  THRESHOLD_DECIMALS,
  THRESHOLD_PATTERN,
} from './messages.ts';
import { rateAlertMessages, THRESHOLD_PATTERN } from './messages.ts';

export const createRateAlertRequestSchema = z
  .object({
    threshold: z
      .string({ message: rateAlertMessages.threshold })
      .trim()
      // One message whatever is wrong (the pattern, or zero): the field shows it once.
      .refine((s) => THRESHOLD_PATTERN.test(s) && /[1-9]/.test(s), rateAlertMessages.threshold),
  })
  .strict();
export type CreateRateAlertRequest = z.infer<typeof createRateAlertRequestSchema>;

export const rateAlertSchema = z.object({
  id: z.number().int(),
  /** MAD per EUR, as the rates are written ("11.2000"). */
  threshold: z.string(),
  /** `active` until a rate change reaches it, then `triggered` (kept as history). */
  state: z.enum(['active', 'triggered']),
  created_at: z.string(),
  triggered_at: z.string().nullable(),
  /** The customer's rate that reached the threshold. */
  triggered_rate: z.string().nullable(),
});
export type RateAlert = z.infer<typeof rateAlertSchema>;

export const rateAlertsQuerySchema = pageQuerySchema;
export const rateAlertsPageSchema = pagedResponseSchema(rateAlertSchema);
export type RateAlertsPage = z.infer<typeof rateAlertsPageSchema>;

export const rateAlertIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'A valid integer is required.')
    .transform(Number),
});
