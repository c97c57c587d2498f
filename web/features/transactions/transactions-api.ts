import type { Transaction } from '../../../common/api/transactions';
import { apiFetch } from '../../app/api-client';

/** One Idempotency-Key per user intent (the screen keeps it across retries of the same submission). */
export function createTransaction(
  body: { amount: string; contact: number; security_code: string },
  key: string,
): Promise<Transaction> {
  return apiFetch<Transaction>('/transactions/', { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}
