import { z } from 'zod';
import { seconds, count } from './variables.ts';

/** The back-office: operators' sessions and four-eyes thresholds (ops). Composed with the other areas in server/config.ts. */
export const backOfficeVariables = {
  // Back-office: operators' and auditors' shorter sessions, and the four-eyes thresholds.
  OPS_SESSION_TTL_SECONDS: seconds(8 * 3600),
  /** A refund above this many whole dirhams becomes a request another operator must approve (four eyes). */
  OPS_FOUR_EYES_MAD: count(5000),
  /**
   * A rates change moving the official or a customer rate by more than this percent becomes a request another
   * operator must approve (four eyes), measured against the least favourable of the rates in force now, the row it
   * replaces and every row in force over the last 24 hours (ops/rates-four-eyes.ts). Decimals allowed: 2.5.
   */
  OPS_RATE_CHANGE_FOUR_EYES_PCT: z.coerce.number().min(0).max(100).default(2),
  /**
   * The same for the card fee, a fraction: an absolute change of more than this many basis points (25 = 0.25
   * percentage point of the amount, 1.6 % to 1.85 %) against the same rows becomes a request.
   */
  OPS_RATE_FEE_FOUR_EYES_BP: z.coerce.number().int().min(0).max(10_000).default(25),
  /** A four-eyes request not decided within this time expires. */
  OPS_APPROVAL_TTL_SECONDS: seconds(24 * 3600),
};
