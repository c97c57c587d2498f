import { afterEach, describe, expect, it, vi } from 'vitest';
import { WRITE_TIMEOUT_MS, apiFetch } from './api-client';
import { API_TIMEOUT_DETAIL, ApiError } from './api-error';
import { isSessionEnded } from './session-ended';
import { clearSessionEnded } from './session-ended';

/** A server that never answers: the request ends only when its signal aborts it, as a browser's fetch does. */
function hangingFetch() {
  const calls: RequestInit[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit = {}) => {
    calls.push(init);
    return new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  clearSessionEnded();
});

describe('apiFetch', () => {
  it('gives up on a POST that gets no answer, with the timeout error', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const sent = apiFetch('/transactions/', { method: 'POST', body: { amount: '10.00' } });
    const outcome = sent.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(WRITE_TIMEOUT_MS);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).detail).toBe(API_TIMEOUT_DETAIL);
  });

  it("still lets the caller's own abort through as an abort", async () => {
    hangingFetch();
    const controller = new AbortController();
    const sent = apiFetch('/users/', { signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a 401 forgets the token and ends the session in one place, whichever request saw it', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('offline', '{"v":1,"user":"12","codes":[]}');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{"detail":"x"}', { status: 401 })));
    await expect(apiFetch('/transactions/', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    // The codes kept for offline use go with the session.
    expect(localStorage.getItem('offline')).toBeNull();
    expect(isSessionEnded()).toBe(true);
  });
});
