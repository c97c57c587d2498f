/**
 * The sandbox's card rules, Stripe's test numbers and messages. The number is only compared, never stored nor
 * logged: at most its last four digits would be kept, and the sandbox keeps none.
 */
export const sandboxCards = { success: '4242424242424242', declined: '4000000000000002' } as const;

/** Why a card is refused, as Stripe's test mode says it; the page words each reason in its language (sandbox-text). */
export type CardRefusal = 'declined' | 'invalidNumber' | 'invalidExpiry' | 'invalidCvc';

export type CardCheck = { ok: true } | { ok: false; reason: CardRefusal };

export function checkCard(input: { card_number?: string; expiry?: string; cvc?: string }, now: Date): CardCheck {
  const number = (input.card_number ?? '').replace(/[\s-]/g, '');
  const expiry = /^(0[1-9]|1[0-2])\s*\/?\s*(\d{2})$/.exec((input.expiry ?? '').trim());
  if (!/^\d{16}$/.test(number)) return { ok: false, reason: 'invalidNumber' };
  if (!expiry) return { ok: false, reason: 'invalidExpiry' };
  // Valid through the last day of its month.
  const endOfMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
  if (endOfMonth <= now.getTime()) return { ok: false, reason: 'invalidExpiry' };
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) return { ok: false, reason: 'invalidCvc' };
  if (number === sandboxCards.declined) return { ok: false, reason: 'declined' };
  if (number !== sandboxCards.success) return { ok: false, reason: 'invalidNumber' };
  return { ok: true };
}
