import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Transaction, TransactionsPage } from '../../../common/api/transactions';
import { apiFetch } from '../api/api-client';

/** The transactions resource's queries, written once; every write invalidates TRANSACTIONS_KEY. */
export const TRANSACTIONS_KEY = ['transactions'] as const;

export interface ListParams {
  page: number;
  pageSize: number;
  user?: string | undefined;
  query: Record<string, string | undefined>;
}

/** GET /transactions/ with page_size, page, user and the filters. */
export function fetchTransactions(params: ListParams, signal?: AbortSignal): Promise<TransactionsPage> {
  return apiFetch<TransactionsPage>('/transactions/', {
    query: { page: params.page, page_size: params.pageSize, user: params.user, ...params.query },
    ...(signal && { signal }),
  });
}

export function fetchTransaction(id: string, signal?: AbortSignal): Promise<Transaction> {
  return apiFetch<Transaction>(`/transactions/${encodeURIComponent(id)}/`, { ...(signal && { signal }) });
}

/** Polls for the ledger id every 2 s, at most LEDGER_ID_POLLS times (about a minute); then the screen waits. */
export const LEDGER_ID_POLLS = 30;

export function ledgerIdPollInterval(tx: Transaction | undefined, answers: number): number | false {
  if (!tx || tx.tx_id !== null || !['completed', 'claimed', 'validated'].includes(tx.status)) return false;
  return answers < LEDGER_ID_POLLS ? 2000 : false;
}

export const transactionsPageQuery = (params: ListParams) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

/**
 * Home's recent transactions: the last 6 whatever the role (a teller shows 6, a customer 4), so the home asks for
 * them at once, in the same round as the current user, instead of after it has learnt the role.
 */
export const RECENT_TRANSACTIONS = 6;
export const recentParams: ListParams = { page: 1, pageSize: RECENT_TRANSACTIONS, query: {} };
export const recentTransactionsQuery = () => transactionsPageQuery(recentParams);

export const transactionQuery = (id: string) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_KEY, 'one', id],
    queryFn: ({ signal }) => fetchTransaction(id, signal),
    // A completed transaction gets its public-ledger id within seconds: look again until it shows, but not
    // forever (a ledger outage would poll every 2 s for as long as the screen stays open, on a metered phone).
    refetchInterval: (query) => ledgerIdPollInterval(query.state.data, query.state.dataUpdateCount),
  });
