import { ProgressWeeklyResponseSchema } from '@parla/shared/progress.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** XP, lessons and practices on each of the last seven local days. */
export const getProgressWeekly = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/progress/me/weekly', { schema: ProgressWeeklyResponseSchema, ...(signal ? { signal } : {}) });

// Under the learner's progress: a finished lesson, practice or review anywhere makes it stale.
export const getProgressWeeklyQueryOptions = () =>
  queryOptions({
    queryKey: [...learnerKeys.progress, 'progress-weekly'],
    queryFn: ({ signal }) => getProgressWeekly({ signal }),
  });

export const useProgressWeekly = () => useQuery(getProgressWeeklyQueryOptions());
