import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RateAlert, RateAlertsPage } from '../../../common/api/rate-alerts';
import { apiFetch } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { intentKey, settleIntent } from '../../shared/api/intent-key';

export const RATE_ALERTS_KEY = ['rate-alerts'] as const;

/** The customer's rate alerts, active and triggered, newest first (one page holds them all). */
export function useRateAlerts(enabled: boolean) {
  return useQuery({
    queryKey: RATE_ALERTS_KEY,
    queryFn: ({ signal }) => apiFetch<RateAlertsPage>('/rate-alerts/', { query: { page_size: 50 }, signal }),
    enabled,
  });
}

/** One Idempotency-Key per threshold asked: a retry after a lost answer does not make a second alert. */
export function useCreateRateAlert(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (threshold: string) => {
      const intent = `rate-alert:${threshold}`;
      try {
        const alert = await apiFetch<RateAlert>('/rate-alerts/', {
          method: 'POST',
          body: { threshold },
          headers: { 'Idempotency-Key': intentKey(intent) },
        });
        settleIntent(intent);
        return alert;
      } catch (error) {
        // The server answered (a refusal): the next try is a new intent. No answer: the retry keeps the key.
        if (error instanceof ApiError && error.status !== 0) settleIntent(intent);
        throw error;
      }
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: RATE_ALERTS_KEY });
      onDone();
    },
  });
}

export function useDeleteRateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/rate-alerts/${id}/`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: RATE_ALERTS_KEY }),
  });
}
