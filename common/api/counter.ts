import { z } from 'zod';
import { counterMessages } from './messages.ts';

export { counterMessages } from './messages.ts';

/** `GET /api/counter/lookup/?reference=`: what the teller typed, as the customer read it out. */
export const counterLookupQuerySchema = z.object({
  reference: z.string({ error: counterMessages.format }).max(64, counterMessages.format),
});

/**
 * What the typed reference names at this teller's counter, in the spelling the payout screens open it by: a
 * withdrawal (its QR token, or its dashed reference) or a cash pickup (its 10 digits).
 */
export const counterLookupSchema = z.object({
  kind: z.enum(['withdrawal', 'pickup']),
  reference: z.string(),
});

export type CounterLookup = z.infer<typeof counterLookupSchema>;
