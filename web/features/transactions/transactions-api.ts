import type { PayeeCheckResponse } from '../../../common/api/payouts';
import type { Delivery, Transaction } from '../../../common/api/transactions';
import { apiFetch } from '../../shared/api/api-client';

/**
 * A send or withdrawal; `delivery` says how a send reaches its person (`cash_pickup` with an optional agency,
 * `bank_deposit` with `confirm_payee` once the sender accepted a name the bank did not confirm).
 */
export interface CreateBody {
  amount: string;
  contact: number;
  security_code: string;
  delivery?: Exclude<Delivery, 'wallet'>;
  agency?: number;
  confirm_payee?: true;
}

/** One Idempotency-Key per user intent (the screen keeps it across retries of the same submission). */
export function createTransaction(
  body: CreateBody,
  key: string,
): Promise<Transaction> {
  return apiFetch<Transaction>('/transactions/', { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

/**
 * Confirmation of payee for a bank deposit to this recipient: the bank's answer on the name, the name and RIB as
 * the deposit would carry them, and the arrival date the server computes. It moves nothing.
 */
export function payeeCheck(contact: number, signal?: AbortSignal): Promise<PayeeCheckResponse> {
  return apiFetch<PayeeCheckResponse>('/transactions/payee-check/', {
    method: 'POST',
    body: { contact },
    ...(signal && { signal }),
  });
}
