import type { z } from 'zod';
import type { PaymentSessionView, SubscriptionState } from '../../../common/api/billing';
import type { checkoutUrlSchema } from '../../../common/api/exchanges';
import { apiFetch } from '../api/api-client';

type CheckoutUrl = z.infer<typeof checkoutUrlSchema>;

/** The billing API (card payment sessions and the subscription), apart from the exchange drafts. */
export const fetchPaymentSession = (id: string, signal?: AbortSignal): Promise<PaymentSessionView> =>
  apiFetch<PaymentSessionView>(`/billing/sessions/${id}/`, { ...(signal && { signal }) });

export const fetchSubscription = (signal?: AbortSignal): Promise<SubscriptionState> =>
  apiFetch<SubscriptionState>('/billing/subscription/', { ...(signal && { signal }) });

export const createSubscription = (lang: string) =>
  apiFetch<CheckoutUrl>('/billing/create_subscription/', { query: { lang } });
export const cancelSubscription = () => apiFetch<SubscriptionState>('/billing/cancel_subscription/');
