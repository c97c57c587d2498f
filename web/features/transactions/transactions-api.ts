import type { Transaction } from '../../../common/api/transactions';
import { apiFetch } from '../../app/api-client';

/** A send or withdrawal; `delivery: cash_pickup` (and an optional agency) for a cash pickup. */
export interface CreateBody {
  amount: string;
  contact: number;
  security_code: string;
  delivery?: 'cash_pickup';
  agency?: number;
}

/** One Idempotency-Key per user intent (the screen keeps it across retries of the same submission). */
export function createTransaction(
  body: CreateBody,
  key: string,
): Promise<Transaction> {
  return apiFetch<Transaction>('/transactions/', { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}
