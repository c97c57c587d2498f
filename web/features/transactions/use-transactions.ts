import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  transactionQuery,
  transactionsPageQuery,
  type ListParams,
} from '../../shared/transactions/transaction-queries';
import { createTransaction, type CreateBody } from './transactions-api';
import { currentSessionUserId, rememberTransaction } from '../../shared/offline/offline-store';

export { LEDGER_ID_POLLS, TRANSACTIONS_KEY, ledgerIdPollInterval } from '../../shared/transactions/transaction-queries';

export function useTransactionsPage(params: ListParams, enabled = true) {
  return useQuery({ ...transactionsPageQuery(params), enabled });
}

export function useTransaction(id: string) {
  return useQuery(transactionQuery(id));
}

/**
 * Lists and the balance are refreshed after every write. A new withdrawal's QR or pickup's
 * reference, shown at once by the success screen, is kept for the agency with no network from then.
 */
export function useCreateTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: CreateBody; key: string }) =>
      createTransaction(input.body, input.key),
    onSuccess: (tx) => {
      rememberTransaction(currentSessionUserId(), tx);
      return client.invalidateQueries();
    },
  });
}
