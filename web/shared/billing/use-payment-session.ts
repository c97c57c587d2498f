import { useQuery } from '@tanstack/react-query';
import { fetchPaymentSession } from './billing-api';

/** After the provider's return: the event may still be on its way, so ask again until the session is settled. */
export function usePaymentSession(id: string | null) {
  return useQuery({
    queryKey: ['billing', 'session', id],
    queryFn: ({ signal }) => fetchPaymentSession(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'open' && query.state.dataUpdateCount < 20 ? 1500 : false,
  });
}
