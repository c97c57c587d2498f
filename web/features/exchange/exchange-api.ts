import type { z } from 'zod';
import type { Exchange, checkoutUrlSchema, exchangesPageSchema } from '../../../common/api/exchanges';
import { apiFetch } from '../../shared/api/api-client';

type ExchangesPage = z.infer<typeof exchangesPageSchema>;
type CheckoutUrl = z.infer<typeof checkoutUrlSchema>;

/** The draft is the first result of `GET /exchanges/?validated=false`. */
export async function fetchDraft(signal?: AbortSignal): Promise<Exchange | null> {
  const page = await apiFetch<ExchangesPage>('/exchanges/', {
    query: { validated: false },
    ...(signal && { signal }),
  });
  return page.results[0] ?? null;
}

export const createDraft = (fromAmount: string) =>
  apiFetch<Exchange>('/exchanges/', { method: 'POST', body: { from_amount: fromAmount } });

export const updateDraft = (id: number, fromAmount: string) =>
  apiFetch<Exchange>(`/exchanges/${id}/`, { method: 'PATCH', body: { from_amount: fromAmount } });

/** One Idempotency-Key per intent (this draft at this amount), so a double tap opens one checkout. */
/** `lang` rides along so the provider's return lands in the language the customer is using. */
export const validateDraft = (id: number, idempotencyKey: string, lang: string) =>
  apiFetch<CheckoutUrl>(`/exchanges/${id}/validate/`, {
    method: 'POST',
    query: { lang },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
