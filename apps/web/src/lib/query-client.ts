import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Spec §9 "Requests": queries retry twice but never on a 4xx; mutations retry twice but not on
// 400, 401 or 403; the delay starts at 1 s and doubles (capped at 30 s and 10 s).
const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
const NO_MUTATION_RETRY = new Set([400, 401, 403]);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 30_000),
        staleTime: 10 * 60_000,
        gcTime: 20 * 60_000,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        refetchOnMount: true,
      },
      mutations: {
        retry: (failureCount, error) => !(error instanceof ApiError && NO_MUTATION_RETRY.has(error.status)) && failureCount < 2,
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 10_000),
      },
    },
  });
}
