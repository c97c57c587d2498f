import { ApiError } from '../api/api-error';

/**
 * A query the network cannot answer: paused because the browser says it is offline (TanStack Query's default
 * network mode), or failed with no answer at all (a network error). A 4xx or 5xx is an answer: not offline.
 */
export function unreachable(query: { data: unknown; fetchStatus: string; error: unknown }): boolean {
  if (query.data !== undefined) return false;
  return query.fetchStatus === 'paused' || (query.error instanceof ApiError && query.error.status === 0);
}
