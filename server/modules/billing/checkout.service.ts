import { randomBytes } from 'node:crypto';
import { money } from '../../../common/money/money.ts';
import { HttpError, serviceUnavailable } from '../../http/http-error.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { setCheckout, type PaymentSessionRow } from './payment-sessions.repository.ts';

/** Our own session id: unguessable, because the sandbox page and the return page are addressed by it. */
export function newSessionId(): string {
  return `ps_${randomBytes(18).toString('base64url').replace(/[-_]/g, '0')}`;
}

/** Where the provider sends the browser back: the page that started the payment, which shows the result. */
export function returnPath(session: PaymentSessionRow): string {
  const page = session.purpose === 'exchange' ? '/exchange' : '/rates';
  return `${page}?session=${session.id}${session.language ? `&lang=${session.language}` : ''}`;
}

export function returnUrls(deps: ServiceDeps, session: PaymentSessionRow): { successUrl: string; cancelUrl: string } {
  const base = `${deps.config.PUBLIC_URL}${returnPath(session)}`;
  return { successUrl: `${base}&status=success`, cancelUrl: `${base}&status=cancel` };
}

/**
 * The provider's checkout page for a session committed beforehand. Creating it after the commit means the provider
 * never holds a checkout we do not know about (a payment for it could not be credited); a failed call leaves the
 * session without a URL, and the next attempt (the client's retry, with the same Idempotency-Key) creates it,
 * the provider's own idempotency key making that a single checkout.
 */
export async function ensureCheckoutUrl(
  deps: ServiceDeps,
  session: PaymentSessionRow,
  description: string,
): Promise<string> {
  if (session.url) return session.url;
  try {
    const checkout = await deps.payments.createCheckout({
      sessionId: session.id,
      mode: session.purpose === 'exchange' ? 'payment' : 'subscription',
      amount: money('EUR', BigInt(session.amount)),
      description,
      ...returnUrls(deps, session),
      expiresAt: session.expires_at,
      userId: session.user_id,
    });
    await setCheckout(deps.db, session.id, checkout.providerSessionId, checkout.url);
    return checkout.url;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The provider is down or slow: the customer may retry; nothing was charged.
    throw Object.assign(serviceUnavailable(), { cause: error });
  }
}
