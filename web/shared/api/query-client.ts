import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same way again; only network failures and 5xx are worth another try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry },
      // Writes move money: never replay them automatically.
      mutations: { retry: false },
    },
  });
}
