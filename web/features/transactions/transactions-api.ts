import type { Transaction, TransactionsPage } from '../../../common/api/transactions';
import type { WithdrawalReservation } from '../../../common/api/withdrawals';
import { apiFetch } from '../../app/api-client';

export interface ListParams {
  page: number;
  pageSize: number;
  user?: string | undefined;
  query: Record<string, string | undefined>;
}

/** SPEC.md section 7: GET /transactions/ with page_size, page, user and the filters. */
export function fetchTransactions(params: ListParams, signal?: AbortSignal): Promise<TransactionsPage> {
  return apiFetch<TransactionsPage>('/transactions/', {
    query: { page: params.page, page_size: params.pageSize, user: params.user, ...params.query },
    ...(signal && { signal }),
  });
}

export function fetchTransaction(id: string, signal?: AbortSignal): Promise<Transaction> {
  return apiFetch<Transaction>(`/transactions/${encodeURIComponent(id)}/`, { ...(signal && { signal }) });
}

/** One Idempotency-Key per user intent (the screen keeps it across retries of the same submission). */
export function createTransaction(
  body: { amount: string; contact: number; security_code: string },
  key: string,
): Promise<Transaction> {
  return apiFetch<Transaction>('/transactions/', { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export function lookupWithdrawal(token: string, signal?: AbortSignal): Promise<Transaction> {
  return apiFetch<Transaction>(`/withdrawals/${encodeURIComponent(token)}/`, { ...(signal && { signal }) });
}

export function validateWithdrawal(
  token: string,
  body: { id: number; security_code: string },
  key: string,
): Promise<Transaction> {
  return apiFetch<Transaction>(`/withdrawals/${encodeURIComponent(token)}/validate/`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
}

/** Issue 22 item 1: hold the withdrawal for this teller before the cash leaves the till, or give it back. */
export function reserveWithdrawal(token: string, id: number, action: 'reserve' | 'release'): Promise<WithdrawalReservation> {
  return apiFetch<WithdrawalReservation>(`/withdrawals/${encodeURIComponent(token)}/${action}/`, {
    method: 'POST',
    body: { id },
  });
}
