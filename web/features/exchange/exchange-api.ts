import { paymentSessionSchema, subscriptionStateSchema } from '../../../common/api/billing';
import type { PaymentSessionView, SubscriptionState } from '../../../common/api/billing';
import { checkoutUrlSchema, exchangeSchema, exchangesPageSchema } from '../../../common/api/exchanges';
import type { Exchange } from '../../../common/api/exchanges';
import { ratesSchema } from '../../../common/api/rates';
import type { Rates } from '../../../common/api/rates';
import { apiFetch } from '../../app/api-client';

/** SPEC.md section 7: the draft is the first result of `GET /exchanges/?validated=false`. */
export async function fetchDraft(signal?: AbortSignal): Promise<Exchange | null> {
  const page = await apiFetch('/exchanges/', {
    query: { validated: false },
    schema: exchangesPageSchema,
    ...(signal && { signal }),
  });
  return page.results[0] ?? null;
}

export const createDraft = (fromAmount: string) =>
  apiFetch('/exchanges/', { method: 'POST', body: { from_amount: fromAmount }, schema: exchangeSchema });

export const updateDraft = (id: number, fromAmount: string) =>
  apiFetch(`/exchanges/${id}/`, { method: 'PATCH', body: { from_amount: fromAmount }, schema: exchangeSchema });

/** One Idempotency-Key per intent (this draft at this amount), so a double tap opens one checkout. */
/** `lang` rides along so the provider's return lands in the language the customer is using. */
export const validateDraft = (id: number, idempotencyKey: string, lang: string) =>
  apiFetch(`/exchanges/${id}/validate/`, {
    method: 'POST',
    query: { lang },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: checkoutUrlSchema,
  });

export const fetchRates = (signal?: AbortSignal): Promise<Rates> =>
  apiFetch('/rates/', { schema: ratesSchema, ...(signal && { signal }) });

export const fetchPaymentSession = (id: string, signal?: AbortSignal): Promise<PaymentSessionView> =>
  apiFetch(`/billing/sessions/${id}/`, { schema: paymentSessionSchema, ...(signal && { signal }) });

export const fetchSubscription = (signal?: AbortSignal): Promise<SubscriptionState> =>
  apiFetch('/billing/subscription/', { schema: subscriptionStateSchema, ...(signal && { signal }) });

export const createSubscription = (lang: string) =>
  apiFetch('/billing/create_subscription/', { query: { lang }, schema: checkoutUrlSchema });
export const cancelSubscription = () => apiFetch('/billing/cancel_subscription/', { schema: subscriptionStateSchema });
