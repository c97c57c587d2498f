import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Case, CaseKind, CasesPage } from '../../../common/api/cases';
import { API_TIMEOUT_DETAIL, ApiError, parseApiError } from '../../shared/api/api-error';
import { apiFetch, apiUrl, WRITE_TIMEOUT_MS } from '../../shared/api/api-client';
import { readStored } from '../../shared/api/browser-storage';
import { intentKey, settleIntent } from '../../shared/api/intent-key';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';

/** The customer's help cases (`/api/cases/`): the list, one thread, a new case, a reply. */
export const CASES_KEY = ['cases'] as const;

export const casesPageQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...CASES_KEY, 'list', page, pageSize],
    queryFn: ({ signal }) => apiFetch<CasesPage>('/cases/', { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

export const caseQuery = (id: string) =>
  queryOptions({
    queryKey: [...CASES_KEY, 'one', id],
    queryFn: ({ signal }) => apiFetch<Case>(`/cases/${id}/`, { signal }),
    // An operator's answer shows up while the thread is open, without a reload.
    refetchInterval: 30_000,
  });

/**
 * A file rides in multipart/form-data, which apiFetch (JSON only) does not send: the same token, timeout and
 * error shape by hand. Without a file the body is JSON.
 */
async function postCase(path: string, fields: Record<string, string>, file: File | null, key: string): Promise<Case> {
  if (!file) {
    return apiFetch<Case>(path, { method: 'POST', body: fields, headers: { 'Idempotency-Key': key } });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': key };
  const token = readStored(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      headers,
      body: form,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(WRITE_TIMEOUT_MS * 3),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError({ status: 0, detail: timedOut ? API_TIMEOUT_DETAIL : 'Network error' });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  if (!response.ok) throw parseApiError(response.status, body, response.headers.get('Retry-After'));
  return body as Case;
}

/**
 * One Idempotency-Key per intent (this case, this text): a send whose answer was lost and is sent again after a
 * reload writes once. The intent is settled as soon as the server answered, whatever it said.
 */
async function once(intent: string, send: (key: string) => Promise<Case>): Promise<Case> {
  try {
    const result = await send(intentKey(intent));
    settleIntent(intent);
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) settleIntent(intent);
    throw error;
  }
}

export interface NewCase {
  kind: CaseKind;
  message: string;
  transaction: number | null;
  file: File | null;
}

export function openCase(fields: NewCase): Promise<Case> {
  const body: Record<string, string> = { kind: fields.kind, message: fields.message };
  if (fields.transaction !== null) body.transaction = String(fields.transaction);
  const intent = `case:${fields.kind}:${String(fields.transaction)}:${fields.message}:${fields.file?.name ?? ''}`;
  return once(intent, (key) => postCase('/cases/', body, fields.file, key));
}

export function replyToCase(id: number, message: string, file: File | null): Promise<Case> {
  return once(`case-reply:${id}:${message}:${file?.name ?? ''}`, (key) =>
    postCase(`/cases/${id}/messages/`, { message }, file, key),
  );
}

/** A file of the thread, fetched with the token (it cannot ride on a plain link) and opened in a new tab. */
export async function openAttachment(caseId: number, attachmentId: number): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  const response = await fetch(apiUrl(`/cases/${caseId}/attachments/${attachmentId}/`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw parseApiError(response.status, await response.text().catch(() => ''));
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
