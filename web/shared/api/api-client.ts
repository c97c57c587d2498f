import { API_TIMEOUT_DETAIL, ApiError, parseApiError } from './api-error';
import { readStored, writeStored } from './browser-storage';
import { markSessionEnded } from './session-ended';
import { forgetOffline } from '../offline/offline-store';
import { STORAGE_KEYS } from './storage-keys';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// A successful answer is typed by the shared contract in common/api (`apiFetch<User>(…)`) but not parsed again
// here: the server already builds its answers from those schemas, and checking them in the browser meant shipping
// zod (about 25 kB gzip, a fifth of the first load's budget) to every screen that reads the API.
export interface ApiRequest {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Gives up after this long; writes default to WRITE_TIMEOUT_MS, reads are cancelled by their query. */
  timeoutMs?: number;
}

/**
 * A write that hangs (a lost answer on a weak network) must not keep a send busy for minutes: the screen shows
 * the failure and the user may try again, under the same Idempotency-Key, so nothing is sent twice.
 */
export const WRITE_TIMEOUT_MS = 20_000;

export const API_BASE = '/api';

/** `/users/` -> `/api/users/?page=1`; the trailing slash is part of the contract and is kept as written. */
export function apiUrl(path: string, query?: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Same-origin JSON call to the API with the stored bearer token; failures are thrown as ApiError. */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const token = readStored(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (request.signal?.aborted) cancel();
  request.signal?.addEventListener('abort', cancel, { once: true });
  const timeoutMs = request.timeoutMs ?? (method === 'GET' ? undefined : WRITE_TIMEOUT_MS);
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(apiUrl(path, request.query), {
      method,
      headers,
      body: request.body === undefined ? null : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    body = await readBody(response);
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, detail: API_TIMEOUT_DETAIL });
    // Aborts are the caller's own doing (TanStack Query cancelling); let them through untouched.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, detail: 'Network error' });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }

  if (!response.ok) {
    // The token is no longer accepted (expired or revoked): forget it so the guard sends the user to /auth, and
    // say so once, in the session banner, whichever screen asked. The codes kept for offline use go with it.
    if (response.status === 401 && token) {
      writeStored(STORAGE_KEYS.token, null);
      forgetOffline();
      markSessionEnded();
    }
    throw parseApiError(response.status, body, response.headers.get('Retry-After'));
  }
  return body as T;
}
