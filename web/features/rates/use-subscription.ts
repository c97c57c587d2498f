import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelSubscription, createSubscription, fetchSubscription } from '../../shared/billing/billing-api';
import { CURRENT_USER_KEY } from '../../shared/users/use-current-user';

export const SUBSCRIPTION_KEY = ['billing', 'subscription'] as const;

export function useSubscription() {
  return useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: ({ signal }) => fetchSubscription(signal) });
}

/** Subscription: subscribe fetches a checkout URL and leaves for it. */
export function useSubscribe(lang: string) {
  return useMutation({
    mutationFn: () => createSubscription(lang),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Cancel, then the caller goes home; the user's rate and flag are read again. */
export function useCancelSubscription(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (state) => {
      client.setQueryData(SUBSCRIPTION_KEY, state);
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      onDone();
    },
  });
}
