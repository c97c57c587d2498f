import { parseApiError } from '../api/api-error';
import { apiUrl, type ApiRequest } from '../api/api-client';
import { readStored } from '../api/browser-storage';
import { STORAGE_KEYS } from '../api/storage-keys';

/**
 * Saves a file the API answers (a receipt PDF, a statement CSV). A plain link cannot carry the bearer
 * token, so the file is fetched with it and handed to the browser as a blob; the name is the server's.
 */
export async function downloadFile(path: string, query: ApiRequest['query'], fallbackName: string): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  const response = await fetch(apiUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text is the detail
    }
    throw parseApiError(response.status, body, response.headers.get('Retry-After'));
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once the browser took it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
