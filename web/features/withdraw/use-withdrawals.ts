import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRANSACTIONS_KEY } from '../../shared/transactions/transaction-queries';
import { lookupWithdrawal, reserveWithdrawal, validateWithdrawal } from './withdrawals-api';

export function useWithdrawalLookup(token: string) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'withdrawal', token],
    queryFn: ({ signal }) => lookupWithdrawal(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

export function useValidateWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; body: { id: number; security_code: string }; key: string }) =>
      validateWithdrawal(input.token, input.body, input.key),
    onSuccess: () => client.invalidateQueries(),
    // Paid meanwhile at another counter, cancelled, expired: the lookup shows the withdrawal as it now is.
    onError: (_error, input) =>
      client.invalidateQueries({ queryKey: [...TRANSACTIONS_KEY, 'withdrawal', input.token] }),
  });
}

/** The teller's hold on a withdrawal while the cash is counted; a failure refreshes the lookup (it may be gone). */
export function useWithdrawalReservation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; action: 'reserve' | 'release' }) => reserveWithdrawal(token, input.id, input.action),
    onError: () => client.invalidateQueries({ queryKey: [...TRANSACTIONS_KEY, 'withdrawal', token] }),
  });
}
