import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Rates } from '../../../common/api/rates';
import { apiFetch } from '../api/api-client';

/** `GET /api/rates/`: the public rates, fees and transfer bounds (add money, send, the rates page). */
export const fetchRates = (signal?: AbortSignal): Promise<Rates> =>
  apiFetch<Rates>('/rates/', { ...(signal && { signal }) });

export const RATES_KEY = ['rates'] as const;

export const ratesQuery = () => queryOptions({ queryKey: RATES_KEY, queryFn: ({ signal }) => fetchRates(signal) });

export function useRates() {
  return useQuery(ratesQuery());
}
