import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** The learner's numbers, the next lessons and the achievements, all computed by the server. */
export const getDashboard = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/dashboard', { schema: DashboardResponseSchema, ...(signal ? { signal } : {}) });

// Under the learner's progress: a completion or a course change anywhere makes it stale.
export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: [...learnerKeys.progress, 'dashboard'], queryFn: ({ signal }) => getDashboard({ signal }) });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
