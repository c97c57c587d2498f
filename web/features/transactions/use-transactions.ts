import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRANSACTIONS_KEY,
  transactionQuery,
  transactionsPageQuery,
  type ListParams,
} from '../../shared/transactions/transaction-queries';
import { createTransaction, lookupWithdrawal, reserveWithdrawal, validateWithdrawal } from './transactions-api';

export { LEDGER_ID_POLLS, TRANSACTIONS_KEY, ledgerIdPollInterval } from '../../shared/transactions/transaction-queries';

export function useTransactionsPage(params: ListParams) {
  return useQuery(transactionsPageQuery(params));
}

export function useTransaction(id: string) {
  return useQuery(transactionQuery(id));
}

export function useWithdrawalLookup(token: string) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'withdrawal', token],
    queryFn: ({ signal }) => lookupWithdrawal(token, signal),
    enabled: token !== '',
    retry: false,
  });
}

/** Lists and the balance are refreshed after every write (DESIGN.md section 7). */
export function useCreateTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: { amount: string; contact: number; security_code: string }; key: string }) =>
      createTransaction(input.body, input.key),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useValidateWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; body: { id: number; security_code: string }; key: string }) =>
      validateWithdrawal(input.token, input.body, input.key),
    onSuccess: () => client.invalidateQueries(),
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
