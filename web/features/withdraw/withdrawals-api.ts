import type { CounterLookup } from '../../../common/api/counter';
import type { Transaction } from '../../../common/api/transactions';
import type { TellerWithdrawal, WithdrawalReservation } from '../../../common/api/withdrawals';
import { apiFetch } from '../../shared/api/api-client';

/** The teller's withdrawal calls: lookup by the scanned token, reserve/release, validate. */
export function lookupWithdrawal(token: string, signal?: AbortSignal): Promise<TellerWithdrawal> {
  return apiFetch<TellerWithdrawal>(`/withdrawals/${encodeURIComponent(token)}/`, { ...(signal && { signal }) });
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

/** Hold the withdrawal for this teller before the cash leaves the till, or give it back. */
export function reserveWithdrawal(token: string, id: number, action: 'reserve' | 'release'): Promise<WithdrawalReservation> {
  return apiFetch<WithdrawalReservation>(`/withdrawals/${encodeURIComponent(token)}/${action}/`, {
    method: 'POST',
    body: { id },
  });
}

/** What a reference the customer read out names at this counter: a withdrawal or a cash pickup. */
export function lookupAtCounter(reference: string): Promise<CounterLookup> {
  return apiFetch<CounterLookup>(`/counter/lookup/?reference=${encodeURIComponent(reference)}`);
}
