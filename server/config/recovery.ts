import { z } from 'zod';
import { seconds } from './variables.ts';

/** Account recovery (recovery). Composed with the other areas in server/config.ts. */
export const recoveryVariables = {
  // Account recovery (ADR 026): a customer who lost their sign-in phone or e-mail gets back in.
  /** How long a recovery request may take to prove its codes and send its documents before it lapses. */
  RECOVERY_TTL_SECONDS: seconds(86_400),
  /** Recovery requests per known identifier over RECOVERY_WINDOW_SECONDS (the same answer whoever it is). */
  RECOVERY_REQUESTS_PER_IDENTIFIER: z.coerce.number().int().min(1).max(100).default(3),
  /** Recovery requests per client network over RECOVERY_WINDOW_SECONDS. */
  RECOVERY_REQUESTS_PER_IP: z.coerce.number().int().min(1).max(1000).default(10),
  RECOVERY_WINDOW_SECONDS: seconds(86_400),
  /** After an approved recovery, how long outgoing transfers above the threshold wait (the cooling-off period). */
  RECOVERY_COOLING_OFF_SECONDS: seconds(7 * 86_400),
  /** How long such a transfer is held before the sweep sends it on. */
  RECOVERY_HOLD_SECONDS: seconds(86_400),
  /** Transfers above this many whole dirhams wait during the cooling-off; at or below it they go at once. */
  RECOVERY_HOLD_THRESHOLD_MAD: z.coerce.number().int().min(0).max(10_000_000).default(2000),
};
