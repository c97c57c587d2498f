import { useQuery } from '@tanstack/react-query';
import type { ChainInfo } from '../../../common/api/chain';
import { apiFetch } from '../api/api-client';

/** Where the public ledger's explorer is (GET /api/chain/): fixed for a deployment, so fetched once. */
export function useChainInfo() {
  return useQuery({
    queryKey: ['chain'],
    queryFn: ({ signal }): Promise<ChainInfo> => apiFetch<ChainInfo>('/chain/', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
