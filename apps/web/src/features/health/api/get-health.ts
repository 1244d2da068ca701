import { GetHealthResponseSchema } from '@parla/shared/health.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getHealth(signal?: AbortSignal) {
  return apiRequest('/health', { schema: GetHealthResponseSchema, ...(signal ? { signal } : {}) });
}

export function getHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
