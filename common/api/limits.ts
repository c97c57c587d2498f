/**
 * Customer levels and their limits, without zod: the screens read the refusal message and translate it.
 *
 * kinds: `topup` (EUR added by card per rolling 30 days), `outgoing` (MAD sent, picked up as cash or withdrawn,
 * together, per rolling 30 days). `per_operation` bounds one operation of that kind.
 */
export const LIMIT_KINDS = ['topup', 'outgoing'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export interface Limit {
  kind: LimitKind;
  currency: 'EUR' | 'MAD';
  /** Per rolling 30 days, decimal string ("20000.00"). */
  limit: string;
  used: string;
  remaining: string;
  /** When the oldest amount counted leaves the window (null: nothing used). */
  resets_at: string | null;
  /** One operation at most (decimal string). */
  per_operation: string;
}

const refusalPrefix = 'Limit reached for your level: you can still move ';

/** The 400 on `amount` (or `from_amount` for a top-up): the remaining amount is in it, e.g. "1500.00 MAD". */
export const limitMessages = {
  refused: (remaining: string, currency: 'EUR' | 'MAD') =>
    `${refusalPrefix}${remaining} ${currency}. Verify your identity to raise it.`,
} as const;

/** The remaining amount and currency of a refusal message, for the screens to say it in the reader's language. */
export function parseLimitRefusal(message: string | undefined): { remaining: string; currency: 'EUR' | 'MAD' } | null {
  if (!message?.startsWith(refusalPrefix)) return null;
  const match = /^(\d+\.\d{2}) (EUR|MAD)\./.exec(message.slice(refusalPrefix.length));
  if (!match?.[1] || (match[2] !== 'EUR' && match[2] !== 'MAD')) return null;
  return { remaining: match[1], currency: match[2] };
}
