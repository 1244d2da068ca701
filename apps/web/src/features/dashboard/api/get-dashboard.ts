import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The learner's numbers, the next lessons and the achievements, all computed by the server. */
export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/dashboard', { schema: DashboardResponseSchema, ...(signal ? { signal } : {}) });

export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: ({ signal }) => getDashboard({ signal }) });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
