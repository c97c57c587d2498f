import type { KycStatus } from '../../../common/api/kyc';
import { apiFetch, apiUrl } from '../../shared/api/api-client';
import { ApiError, parseApiError } from '../../shared/api/api-error';
import { readStored } from '../../shared/api/browser-storage';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';

export const KYC_KEY = ['kyc'] as const;
export const fetchKycStatus = (signal?: AbortSignal) => apiFetch<KycStatus>('/kyc/', { signal });

/**
 * Sends the documents with XMLHttpRequest rather than fetch: only XHR reports the upload's progress, which a
 * customer on a mobile network waits on for several megabytes. Failures are thrown as the client's ApiError.
 */
export function uploadDocuments(form: FormData, onProgress: (fraction: number) => void): Promise<KycStatus> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/kyc/submissions/'));
    const token = readStored(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status === 201) resolve(body as KycStatus);
      else reject(parseApiError(xhr.status, body, xhr.getResponseHeader('retry-after')));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, detail: 'Network error' }));
    xhr.ontimeout = xhr.onerror;
    xhr.send(form);
  });
}
