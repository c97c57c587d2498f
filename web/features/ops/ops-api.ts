import type {
  Approval,
  AuditEntry,
  OpsActionRequest,
  OpsCaseActionRequest,
  OpsCustomer,
  OpsCustomerDetail,
  OpsTransaction,
  OpsTransactionDetail,
  ResendPickupSmsRequest,
} from '../../../common/api/ops';
import type { OpsRatesPage, SetRatesRequest } from '../../../common/api/ops-rates';
import type { CaseState, OpsCase, OpsCaseSummary } from '../../../common/api/cases';
import type { OpsLiabilityTree } from '../../../common/api/ops-liabilities';
import type { PayoutFile, PayoutFileDetail } from '../../../common/api/ops-payout-files';
import type { OpsAgency, OpsStaff } from '../../../common/api/ops-people';
import { apiFetch, apiUrl } from '../../shared/api/api-client';
import { ApiError, parseApiError } from '../../shared/api/api-error';
import { readStored } from '../../shared/api/browser-storage';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';
import { intentKey, settleIntent } from '../../shared/api/intent-key';

// The back-office's calls (`/api/ops/`). Types come from common/api/ops (type-only: no zod here).

export interface Page<T> {
  count: number;
  results: T[];
}

export type Query = Record<string, string | number | undefined>;

/** Empty filters are left out of the URL, so the server never sees `kind=`. */
function clean(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
}

export const opsGet = <T>(path: string, query: Query = {}, signal?: AbortSignal) =>
  apiFetch<T>(`/ops/${path}`, { query: clean(query), signal });

export const fetchCustomers = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<OpsCustomer>>('customers/', query, signal);
export const fetchCustomer = (id: string, signal?: AbortSignal) =>
  opsGet<OpsCustomerDetail>(`customers/${id}/`, {}, signal);
export const fetchTransactions = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<OpsTransaction>>('transactions/', query, signal);
export const fetchTransaction = (id: string, signal?: AbortSignal) =>
  opsGet<OpsTransactionDetail>(`transactions/${id}/`, {}, signal);
export const fetchApprovals = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<Approval>>('approvals/', query, signal);
export const fetchAudit = (query: Query, signal?: AbortSignal) => opsGet<Page<AuditEntry>>('audit/', query, signal);
export const fetchRates = (query: Query, signal?: AbortSignal) => opsGet<OpsRatesPage>('rates/', query, signal);
export const fetchPayoutFiles = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<PayoutFile>>('payout-files/', query, signal);
export const fetchPayoutFile = (id: string, signal?: AbortSignal) =>
  opsGet<PayoutFileDetail>(`payout-files/${id}/`, {}, signal);
export const fetchLiabilities = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<OpsLiabilityTree>>('liabilities/', query, signal);

export const fetchAgencies = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<OpsAgency>>('agencies/', query, signal);
export const fetchTellers = (query: Query, signal?: AbortSignal) => opsGet<Page<OpsStaff>>('tellers/', query, signal);
export const fetchOperators = (query: Query, signal?: AbortSignal) =>
  opsGet<Page<OpsStaff>>('operators/', query, signal);

export const fetchCases = (query: Query, signal?: AbortSignal) => opsGet<Page<OpsCaseSummary>>('cases/', query, signal);
export const fetchCase = (id: string, signal?: AbortSignal) => opsGet<OpsCase>(`cases/${id}/`, {}, signal);
/** An answer to the customer (notified), or an internal note they never see. */
export const answerCase = (id: number, message: string, internal: boolean) =>
  apiFetch<OpsCase>(`/ops/cases/${id}/messages/`, { method: 'POST', body: { message, internal } });
export const setCaseState = (id: number, state: CaseState, reason: string) =>
  apiFetch<OpsCase>(`/ops/cases/${id}/state/`, { method: 'POST', body: { state, reason } });
/** A file of a case (the view is audited), fetched with the token and opened in a new tab. */
export async function openCaseAttachment(caseId: number, attachmentId: number): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  const response = await fetch(apiUrl(`/ops/cases/${caseId}/attachments/${attachmentId}/`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw parseApiError(response.status, await response.text().catch(() => ''));
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
export const takeCase = (id: number) => apiFetch<OpsCase>(`/ops/cases/${id}/assign/`, { method: 'POST' });

/** A new agency (POST) or the fields of one that changed (PATCH). */
export function saveAgency(id: number | null, fields: Record<string, string>): Promise<OpsAgency> {
  return id === null
    ? apiFetch<OpsAgency>('/ops/agencies/', { method: 'POST', body: fields })
    : apiFetch<OpsAgency>(`/ops/agencies/${id}/`, { method: 'PATCH', body: fields });
}

/**
 * An action with its reason and the operator's security code again (POST, JSON), and the action's own fields
 * (a teller's e-mail and agency).
 */
export function opsAction<T>(path: string, body: OpsActionRequest, fields: Record<string, unknown> = {}): Promise<T> {
  return apiFetch<T>(`/ops/${path}`, { method: 'POST', body: { ...fields, ...body } });
}

/**
 * A POST that moves money or prices: one Idempotency-Key per intent, kept until the server answers, so a retry
 * after a lost answer cannot do it (or request it) twice.
 */
async function once<T>(intent: string, path: string, body: unknown): Promise<T> {
  try {
    const result = await apiFetch<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': intentKey(intent) } });
    settleIntent(intent);
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) settleIntent(intent);
    throw error;
  }
}

/** A refund of one transaction (see `once`). */
export const refund = <T>(id: number, body: OpsCaseActionRequest): Promise<T> =>
  once<T>(`ops-refund:${id}`, `/ops/transactions/${id}/refund/`, body);

/** An operator's cancel for the customer (see `once`): one intent per transaction. */
export const cancelForCustomer = (id: number, body: OpsCaseActionRequest): Promise<{ transaction: OpsTransaction }> =>
  once(`ops-cancel:${id}`, `/ops/transactions/${id}/cancel/`, body);

/** The pickup SMS sent again: no key, each one is a new message (the server limits them). */
export const resendPickupSms = (id: number, body: ResendPickupSmsRequest): Promise<{ sent: true; remaining: number }> =>
  apiFetch(`/ops/transactions/${id}/resend-pickup-sms/`, { method: 'POST', body });

/** New rates (see `once`): a new intent per set of figures, so a corrected form is a new request. */
export const setRates = <T>(body: SetRatesRequest): Promise<T> =>
  once<T>(`ops-rates:${JSON.stringify({ ...body, security_code: undefined, reason: undefined })}`, '/ops/rates/', body);

/**
 * A CSV export: the bearer token cannot ride on a plain link, so the file is fetched and handed to the browser
 * as a download of the same name.
 */
export async function downloadCsv(path: string, query: Query, filename: string): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  const response = await fetch(apiUrl(`/ops/${path}`, clean(query)), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw parseApiError(response.status, await response.text().catch(() => ''));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
