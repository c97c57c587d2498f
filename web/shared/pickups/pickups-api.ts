import type { IdDocumentType, Pickup, PickupReservation } from '../../../common/api/pickups';
import type { Transaction } from '../../../common/api/transactions';
import { apiFetch } from '../api/api-client';

/** Cash pickup: the teller's counter and the sender's name correction. */
const at = (reference: string) => `/pickups/${encodeURIComponent(reference)}`;

export function lookupPickup(reference: string, signal?: AbortSignal): Promise<Pickup> {
  return apiFetch<Pickup>(`${at(reference)}/`, { ...(signal && { signal }) });
}

export function reservePickup(reference: string, action: 'reserve' | 'release'): Promise<PickupReservation> {
  return apiFetch<PickupReservation>(`${at(reference)}/${action}/`, { method: 'POST' });
}

export interface PayPickupInput {
  security_code: string;
  id_document_type: IdDocumentType;
  id_document_number: string;
  recipient_name_matches: boolean;
}

export function payPickup(reference: string, body: PayPickupInput, key: string): Promise<Transaction> {
  return apiFetch<Transaction>(`${at(reference)}/pay/`, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

export function correctPickupName(
  id: number,
  body: { first_name: string; last_name: string; security_code: string },
): Promise<Transaction> {
  return apiFetch<Transaction>(`/transactions/${id}/recipient_name/`, { method: 'POST', body });
}

export function cancelTransaction(id: number, key: string): Promise<Transaction> {
  return apiFetch<Transaction>(`/transactions/${id}/cancel/`, { method: 'POST', headers: { 'Idempotency-Key': key } });
}
