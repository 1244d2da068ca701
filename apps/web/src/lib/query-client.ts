import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Spec §9 "Requests": queries retry twice but never on a 4xx; mutations retry twice but not on
// 400, 401 or 403; the delay starts at 1 s and doubles (capped at 30 s and 10 s). A 429 is the
// server saying "later", so both wait for its Retry-After instead (within the same caps).
const isRateLimited = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 429;
const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
const NO_MUTATION_RETRY = new Set([400, 401, 403]);

function delay(cap: number) {
  return (attempt: number, error: unknown) =>
    isRateLimited(error) && error.retryAfterSeconds !== undefined
      ? Math.min(error.retryAfterSeconds * 1_000, cap)
      : Math.min(1_000 * 2 ** attempt, cap);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => (isRateLimited(error) || !isClientError(error)) && failureCount < 2,
        retryDelay: delay(30_000),
        staleTime: 10 * 60_000,
        gcTime: 20 * 60_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchOnMount: true,
      },
      mutations: {
        retry: (failureCount, error) => !(error instanceof ApiError && NO_MUTATION_RETRY.has(error.status)) && failureCount < 2,
        retryDelay: delay(10_000),
      },
    },
  });
}
