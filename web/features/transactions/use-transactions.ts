import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '../../../common/api/transactions';
import {
  createTransaction,
  fetchTransaction,
  fetchTransactions,
  lookupWithdrawal,
  reserveWithdrawal,
  validateWithdrawal,
  type ListParams,
} from './transactions-api';

export const TRANSACTIONS_KEY = ['transactions'] as const;

/** Polls for the ledger id every 2 s, at most LEDGER_ID_POLLS times (about a minute); then the screen waits. */
export const LEDGER_ID_POLLS = 30;

export function ledgerIdPollInterval(tx: Transaction | undefined, answers: number): number | false {
  if (!tx || tx.tx_id !== null || !['completed', 'claimed', 'validated'].includes(tx.status)) return false;
  return answers < LEDGER_ID_POLLS ? 2000 : false;
}

export function useTransactionsPage(params: ListParams) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchTransactions(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTransaction(id: string) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'one', id],
    queryFn: ({ signal }) => fetchTransaction(id, signal),
    // A completed transaction gets its public-ledger id within seconds: look again until it shows, but not
    // forever (a ledger outage would poll every 2 s for as long as the screen stays open, on a metered phone).
    refetchInterval: (query) => ledgerIdPollInterval(query.state.data, query.state.dataUpdateCount),
  });
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
