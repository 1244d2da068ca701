import { ProgressSummaryResponseSchema } from '@parla/shared/progress.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** The overview: level, the four tiles and this month’s goals. */
export const getProgressSummary = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/progress/me/summary', { schema: ProgressSummaryResponseSchema, ...(signal ? { signal } : {}) });

// Under the learner's progress: a finished lesson, practice or review anywhere makes it stale.
export const getProgressSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...learnerKeys.progress, 'progress-summary'],
    queryFn: ({ signal }) => getProgressSummary({ signal }),
  });

export const useProgressSummary = () => useQuery(getProgressSummaryQueryOptions());
